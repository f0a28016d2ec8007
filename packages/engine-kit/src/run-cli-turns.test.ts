import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionEvent } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exitFailure } from './process-failure.js';
import { type CliTurnsOptions, type LineParser, runCliTurns } from './run-cli-turns.js';
import type { RunRecord } from './run-record.js';
import { type EngineSandbox, isGone, makeSandbox } from './testing/index.js';
import { openTranscript } from './transcript-file.js';

interface Parsed {
  lines: string[];
  warnings: string[];
  done: boolean;
}

/** Collects lines; `DONE` marks a finished turn, `WARN x` a warning. */
class Collect implements LineParser<Parsed> {
  private readonly out: Parsed = { lines: [], warnings: [], done: false };
  pushLine(line: string): void {
    if (line === 'DONE') this.out.done = true;
    else if (line.startsWith('WARN ')) this.out.warnings.push(line.slice(5));
    else this.out.lines.push(line);
  }
  finish(): Parsed {
    return this.out;
  }
}

/** Like Collect, and a `CALL x` line is a tool-call event, visible as soon as it is parsed. */
class CallEvents extends Collect {
  private readonly events: SessionEvent[] = [];
  override pushLine(line: string): void {
    super.pushLine(line);
    if (line.startsWith('CALL ')) this.events.push({ type: 'tool-call', id: line.slice(5), name: 'Tool', input: {} });
  }
  eventsSoFar(): readonly SessionEvent[] {
    return this.events;
  }
}

let sandbox: EngineSandbox;
beforeEach(() => {
  sandbox = makeSandbox('engine-kit-turns-');
});
afterEach(() => sandbox.cleanup());

const newRecord = (): RunRecord => ({ events: [], warnings: [], exitCode: null, status: 'completed' });
const SECRET = 'sk-secret-value-1234';

function options(binary: string, record: RunRecord, overrides: Partial<CliTurnsOptions<Parsed>> = {}) {
  const absorbed: string[][] = [];
  const opts: CliTurnsOptions<Parsed> = {
    program: 'agent',
    binary,
    installHint: 'Install agent.',
    input: sandbox.input({ turns: ['first', 'second'], timeoutMs: 10_000 }),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', SECRET },
    deadline: Date.now() + 10_000,
    transcript: openTranscript({ artifactsDir: sandbox.root }, 'transcript.jsonl', record.warnings),
    redact: (text) => text.replaceAll(SECRET, '[REDACTED]'),
    record,
    startTurn: (_index, prompt) => ({ args: [prompt], parser: new Collect() }),
    absorb: (parsed) => absorbed.push(parsed.lines),
    judge: (parsed, proc) => (parsed.done ? undefined : exitFailure('agent', proc, 'ended without DONE', (t) => t)),
    ...overrides,
  };
  return { opts, absorbed };
}

describe('runCliTurns', () => {
  it('after the given turns asks nextTurn with the last answer, runs what it returns marked, until null', async () => {
    const bin = sandbox.script('agent', 'echo "said $1"; echo DONE');
    const record = newRecord();
    const asked: unknown[] = [];
    const next = [{ text: 'third', simulated: true }, null];
    const { opts } = options(bin, record, {
      input: sandbox.input({
        turns: ['first', 'second'],
        timeoutMs: 10_000,
        nextTurn: async (answer) => {
          asked.push(answer);
          return next.shift() ?? null;
        },
      }),
      // The answer of a turn: what the agent said, as an assistant message.
      absorb: (parsed) => record.events.push({ type: 'message', role: 'assistant', text: parsed.lines.join(' ') }),
    });
    await runCliTurns(opts);
    expect(record.status).toBe('completed');
    expect(asked).toEqual([
      { turn: 1, finalMessage: 'said second' },
      { turn: 2, finalMessage: 'said third' },
    ]);
    expect(record.events.filter((e) => e.type === 'message' && e.role === 'user')).toEqual([
      { type: 'message', role: 'user', text: 'first' },
      { type: 'message', role: 'user', text: 'second' },
      { type: 'message', role: 'user', text: 'third', simulated: true },
    ]);
  });

  it('does not ask nextTurn after a failed turn', async () => {
    const bin = sandbox.script('agent', 'echo "said $1"');
    const record = newRecord();
    const { opts } = options(bin, record, {
      input: sandbox.input({
        turns: ['first'],
        timeoutMs: 10_000,
        nextTurn: async () => {
          throw new Error('must not be asked');
        },
      }),
    });
    await runCliTurns(opts);
    expect(record.status).toBe('error');
  });

  it('runs one process per message, tees redacted stdout to the transcript, and records events and warnings', async () => {
    const bin = sandbox.script('agent', 'echo "said $1 with $SECRET"; echo "WARN saw $SECRET"; echo DONE');
    const record = newRecord();
    const { opts, absorbed } = options(bin, record, {
      startTurn: (index, prompt) => ({
        args: [prompt],
        parser: new Collect(),
        ...(index === 1 ? { events: [{ type: 'skill', name: 'demo', via: 'mention' }] } : {}),
      }),
    });
    await runCliTurns(opts);
    expect(record.status).toBe('completed');
    expect(record.exitCode).toBe(0);
    expect(absorbed).toEqual([[`said first with ${SECRET}`], [`said second with ${SECRET}`]]);
    expect(record.events).toEqual([
      { type: 'message', role: 'user', text: 'first' },
      { type: 'message', role: 'user', text: 'second' },
      { type: 'skill', name: 'demo', via: 'mention' },
    ]);
    expect(record.warnings).toEqual(['turn 1: saw [REDACTED]', 'turn 2: saw [REDACTED]']);
    opts.transcript.close();
    const transcript = readFileSync(opts.transcript.path, 'utf8');
    expect(transcript).not.toContain(SECRET);
    expect(transcript.trim().split('\n')).toHaveLength(6);
  });

  it('stops at the first failure: from startTurn before spawning, or from judge after the process', async () => {
    const bin = sandbox.script('agent', 'echo "ran $1"; exit 2');
    const record = newRecord();
    const { opts, absorbed } = options(bin, record);
    await runCliTurns(opts);
    expect(absorbed).toEqual([['ran first']]);
    expect(record).toMatchObject({ status: 'error', exitCode: 2, error: { code: 'ENGINE_FAILED' } });
    expect(record.error?.message).toBe('agent exited with code 2');

    const early = newRecord();
    const second = options(bin, early, {
      startTurn: () => ({ status: 'error', code: 'ENGINE_FAILED', message: 'no session' }),
    });
    await runCliTurns(second.opts);
    expect(second.absorbed).toEqual([]);
    expect(early.events).toEqual([]);
    expect(early.error).toEqual({ code: 'ENGINE_FAILED', message: 'no session' });
  });

  it('turns a passed deadline into TIMEOUT quoting the run timeout, and a vanished binary into ENGINE_NOT_FOUND', async () => {
    const slow = sandbox.script('slow', 'sleep 30');
    const record = newRecord();
    const { opts } = options(slow, record, { deadline: Date.now() + 200 });
    await runCliTurns(opts);
    expect(record.status).toBe('timeout');
    expect(record.error).toEqual({ code: 'TIMEOUT', message: 'agent did not finish within 10000 ms.' });

    const gone = sandbox.script('gone', 'true');
    rmSync(gone);
    const missing = newRecord();
    await runCliTurns(options(gone, missing).opts);
    expect(missing.error?.code).toBe('ENGINE_NOT_FOUND');
    expect(missing.error?.message).toContain('Install agent.');
  });

  it('explains a command line the system refuses as too long, naming the limit', async () => {
    const record = newRecord();
    const { opts } = options(sandbox.script('agent', 'echo DONE'), record, {
      input: sandbox.input({ turns: ['x'.repeat(200 * 1024)], timeoutMs: 10_000 }),
    });
    await runCliTurns(opts);
    expect(record.error?.code).toBe('ENGINE_FAILED');
    expect(record.error?.message).toMatch(/E2BIG \(the command line is longer than the system allows.*128 KiB\)/);
  });

  it('stops the process group when stopWhen accepts a parsed event: completed, stoppedEarly, no later turn', async () => {
    const pids = join(sandbox.root, 'pids');
    const bin = sandbox.script('agent', `echo $$ > "${pids}"; echo "said $1"; echo "CALL $1"; sleep 30; echo DONE`);
    const record = newRecord();
    const seen: string[] = [];
    const { opts, absorbed } = options(bin, record, {
      input: sandbox.input({
        turns: ['first', 'second'],
        timeoutMs: 20_000,
        stopWhen: (event) => {
          seen.push(event.type);
          return event.type === 'tool-call';
        },
      }),
      startTurn: (_index, prompt) => ({ args: [prompt], parser: new CallEvents() }),
    });
    const started = Date.now();
    await runCliTurns(opts);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(record).toMatchObject({ status: 'completed', stoppedEarly: true, exitCode: null });
    expect(record.error).toBeUndefined();
    expect(absorbed).toEqual([['said first', 'CALL first']]);
    expect(seen).toEqual(['message', 'tool-call']);
    await expect.poll(() => isGone(Number(readFileSync(pids, 'utf8').trim()))).toBe(true);
  });

  it('stops before spawning when stopWhen accepts the opening user message', async () => {
    const bin = sandbox.script('agent', 'echo DONE');
    const record = newRecord();
    const { opts, absorbed } = options(bin, record, {
      input: sandbox.input({ turns: ['first'], stopWhen: (event) => event.type === 'message' }),
    });
    await runCliTurns(opts);
    expect(record).toMatchObject({ status: 'completed', stoppedEarly: true, exitCode: null });
    expect(absorbed).toEqual([]);
  });

  it('does not start when the run is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const record = newRecord();
    const { opts, absorbed } = options(sandbox.script('agent', 'echo DONE'), record, {
      input: sandbox.input({ signal: controller.signal }),
    });
    await runCliTurns(opts);
    expect(absorbed).toEqual([]);
    expect(record.error).toEqual({ code: 'INTERRUPTED', message: 'The run was interrupted.' });
  });
});
