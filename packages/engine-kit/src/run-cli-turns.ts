import type { EngineRunInput, NextUserTurn, SessionEvent } from '@skill-eval/core';
import { type ProgramInfo, processFailure } from './process-failure.js';
import { type GroupProcessResult, MAX_LINE_LENGTH, runGroupProcess } from './run-group-process.js';
import { failRun, INTERRUPTED, type RunFailure, type RunRecord } from './run-record.js';
import type { TranscriptFile } from './transcript-file.js';

/** Reads a program's stdout line by line. */
export interface LineParser<Parsed> {
  /** Feeds one stdout line. */
  pushLine(line: string): void;
  /** The events parsed so far, in order; without it `stopWhen` only sees the events recorded before the process. */
  eventsSoFar?(): readonly SessionEvent[];
  /**
   * A failure the output shows the program will not get over by itself, which would otherwise wait out the run's
   * timeout (codex waiting for a network it cannot reach): the process is stopped and the run fails with it.
   */
  fatal?(): string | undefined;
  /** What the whole output said. */
  finish(): Parsed;
}

/** One process to start for one user message. */
export interface CliTurn<Parsed> {
  /** Arguments for the binary. */
  args: string[];
  /** Text for the program's stdin (a prompt too long for argv); without it the program gets no stdin. */
  stdin?: string;
  /** A fresh parser for this process's stdout. */
  parser: LineParser<Parsed>;
  /** Events to record right after the user message (e.g. skills the prompt names). */
  events?: SessionEvent[];
}

export interface CliTurnsOptions<Parsed extends { warnings: string[] }> extends Omit<ProgramInfo, 'timeoutMs'> {
  /** The run; its `timeoutMs` is what the timeout message quotes. */
  input: Pick<EngineRunInput, 'turns' | 'nextTurn' | 'signal' | 'workspace' | 'timeoutMs' | 'stopWhen' | 'sandbox'>;
  /** The complete child environment. */
  env: Record<string, string>;
  /** Epoch milliseconds after which the running process group is killed. */
  deadline: number;
  /** Where the raw stdout of every turn goes, redacted; the caller opened it and closes it. */
  transcript: TranscriptFile;
  /** Replaces secrets in text that leaves the process (transcript, warnings). */
  redact: (text: string) => string;
  /** Run state: events, warnings, exit code and failure are recorded here. */
  record: RunRecord;
  /** Builds turn `index`, or returns the failure that ends the run before it. */
  startTurn(index: number, prompt: string): CliTurn<Parsed> | RunFailure;
  /** Folds a turn's parsed output into the run; called whatever happened to the process. */
  absorb(parsed: Parsed, index: number): void;
  /** Judges a turn whose process ended by itself (not stopped by `stopWhen`); a failure ends the run. */
  judge(parsed: Parsed, proc: GroupProcessResult, index: number): RunFailure | undefined;
}

/** The agent's last assistant text after the last user message in `events` ('' when it wrote none). */
export function answerSinceLastUserMessage(events: readonly SessionEvent[]): string {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.type !== 'message') continue;
    if (event.role === 'user') return '';
    if (event.role === 'assistant') return event.text;
  }
  return '';
}

/**
 * Runs one process per user message in order, all under one deadline, each in its own process group, with its
 * stdout teed into the transcript and a parser. After the given turns it asks `input.nextTurn` (when there is one)
 * for each further message, until it returns null. Stops at the first failure, and — killing the process group — as
 * soon as `input.stopWhen` accepts an event (the run then stays `completed`, with `record.stoppedEarly`).
 */
export async function runCliTurns<Parsed extends { warnings: string[] }>(
  options: CliTurnsOptions<Parsed>,
): Promise<void> {
  const { input, record, redact, transcript } = options;
  const info: ProgramInfo = { ...options, timeoutMs: input.timeoutMs };
  let next: NextUserTurn | null = input.turns.length > 0 ? { text: input.turns[0]!, simulated: false } : null;
  for (let index = 0; next; index++) {
    const prompt = next.text;
    if (input.signal.aborted) return failRun(record, INTERRUPTED);
    const turn = options.startTurn(index, prompt);
    if (!('args' in turn)) return failRun(record, turn);
    const opening: SessionEvent[] = [
      { type: 'message', role: 'user', text: prompt, ...(next.simulated ? { simulated: true } : {}) },
      ...(turn.events ?? []),
    ];
    record.events.push(...opening);
    if (opening.some((event) => input.stopWhen?.(event))) {
      record.stoppedEarly = true;
      return;
    }
    let checked = 0;
    const run = input.sandbox ? input.sandbox.run.bind(input.sandbox) : runGroupProcess;
    const proc = await run({
      file: options.binary,
      args: turn.args,
      ...(turn.stdin !== undefined ? { stdin: turn.stdin } : {}),
      cwd: input.workspace,
      env: options.env,
      deadline: options.deadline,
      signal: input.signal,
      onLine: (line) => {
        transcript.writeLine(redact(line));
        turn.parser.pushLine(line);
        if (turn.parser.fatal?.()) return 'stop';
        if (!input.stopWhen || !turn.parser.eventsSoFar) return;
        const events = turn.parser.eventsSoFar();
        const fresh = events.slice(checked);
        checked = events.length;
        return fresh.some((event) => input.stopWhen?.(event)) ? 'stop' : undefined;
      },
    });
    const parsed = turn.parser.finish();
    options.absorb(parsed, index);
    record.warnings.push(...parsed.warnings.map((warning) => `turn ${index + 1}: ${redact(warning)}`));
    if (proc.cutLines) {
      record.warnings.push(
        `turn ${index + 1}: ${proc.cutLines} output line(s) longer than ${MAX_LINE_LENGTH / 1024 / 1024} Mi characters were cut to that length`,
      );
    }
    record.exitCode = proc.exitCode;
    const fatal = turn.parser.fatal?.();
    if (fatal) return failRun(record, { status: 'error', code: 'ENGINE_FAILED', message: redact(fatal) });
    // A deliberate stop is no failure: the process was killed on purpose, so its exit says nothing.
    if (proc.stopped && !proc.aborted && !proc.timedOut) {
      record.stoppedEarly = true;
      return;
    }
    const failure = processFailure(proc, info) ?? options.judge(parsed, proc, index);
    if (failure) return failRun(record, failure);
    next = await nextMessage(input, index, record);
  }
}

/** The user message after turn `index`: the next given one, else what `input.nextTurn` supplies, else none. */
async function nextMessage(
  input: CliTurnsOptions<{ warnings: string[] }>['input'],
  index: number,
  record: RunRecord,
): Promise<NextUserTurn | null> {
  const given = input.turns[index + 1];
  if (given !== undefined) return { text: given, simulated: false };
  if (!input.nextTurn) return null;
  return input.nextTurn({ turn: index, finalMessage: answerSinceLastUserMessage(record.events) });
}
