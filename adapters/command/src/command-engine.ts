import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  addUsage,
  createRedactor,
  type Engine,
  type EngineRunInput,
  redactText,
  type Session,
  SkillEvalError,
  secretValues,
} from '@skill-eval/core';
import {
  assertTurns,
  failRun,
  failureFromError,
  findExecutable,
  howItEnded,
  INTERRUPTED,
  newSessionRecord,
  openTranscript,
  type RunFailure,
  type SessionRecord,
  type TranscriptFile,
  toSession,
} from '@skill-eval/engine-kit';
import { readAgentText, writeInAgentFolderSync } from '@skill-eval/engine-kit/agent-files';
import { buildChildEnv, skillEvalEnv } from './child-env.js';
import {
  anchorProgram,
  anchorShellLine,
  type CommandRun,
  contractCall,
  directCall,
  type ProgramCall,
  runCommand,
  shellCall,
} from './command-process.js';
import { type CommandSettings, commandMode, responseFormat } from './command-settings.js';
import { resultEvents } from './result-events.js';
import { runIdentity, type SessionInputJson, type SessionMessage } from './session-input.js';
import { parseSessionResult, resultFailure, type SessionResultJson } from './session-result.js';
import { renderTemplate, TemplateError, tokenize } from './template.js';
import { buildTemplateVars } from './template-vars.js';

export const ENGINE_ID = 'command';
/** Files the engine writes into the artifacts dir. */
export const FILES = {
  /** skill-up's SessionInput of the latest call (`${input_file}`). */
  input: 'session-input.json',
  /** Where a contract program writes its SessionResult (`${output_file}`). */
  output: 'session-result.json',
  /** The prompt of the latest call (`SKILL_EVAL_PROMPT_FILE`); stdin carries it too. */
  prompt: 'prompt.txt',
  /** One JSON line per call: argv, exit code, stdout, stderr tail (secrets redacted). */
  transcript: 'command-transcript.jsonl',
} as const;
/** Shorter `env` values are not redacted: replacing every "1" would wreck transcripts and hide nothing. */
const MIN_REDACT = 8;

const UNTRUSTED_HINT =
  'A command from an eval file or from a config found in the project runs only with --trust. A command given on the command line (--ek command=…) or in a config named with -c is trusted by the CLI; set trusted: true when you build the engine yourself.';

export class CommandEngine implements Engine {
  readonly id = ENGINE_ID;
  // The result comes only when the program ends, so stopWhen cannot cut a run short.
  readonly skillRoots: readonly string[];
  readonly defaultModel: string | undefined;
  private readonly mode: 'simple' | 'contract';
  private readonly format: 'text' | 'session_result';
  private readonly simpleCalls = new Map<string, ProgramCall>();

  /**
   * The variables its `env` setting references (`OPENAI_API_KEY: '${OPENAI_API_KEY}'`): the only ones of the user's
   * it is handed beside the allow-list, so a command gets the keys its user gave it and no other.
   */
  readonly environment: readonly string[];

  constructor(private readonly settings: CommandSettings) {
    this.environment = Object.values(settings.env).flatMap((value) =>
      tokenize(value).flatMap((part) => (typeof part === 'string' ? [] : [part.name])),
    );
    this.skillRoots = settings.skillRoots;
    this.defaultModel = settings.model;
    this.mode = commandMode(settings);
    this.format = responseFormat(settings);
  }

  /** A fingerprint of what would run (command, args, and the program file when there is one), so caches notice edits. */
  async version(): Promise<string> {
    this.assertTrusted();
    const hash = createHash('sha256').update(JSON.stringify([this.mode, this.settings.command, this.settings.args]));
    const program = this.programFile(process.env.PATH);
    if (this.mode === 'contract' && !program && !this.settings.command.includes('${')) throw this.notFound();
    if (program) hash.update(readFileSync(program));
    return `${this.mode}-${hash.digest('hex').slice(0, 12)}`;
  }

  async run(input: EngineRunInput): Promise<Session> {
    const started = Date.now();
    const state = newSessionRecord(input.model ?? this.settings.model);
    const secrets = new Set(secretValues(input.env));
    let transcript: TranscriptFile | undefined;
    try {
      this.assertTrusted();
      assertTurns(input);
      mkdirSync(input.artifactsDir, { recursive: true });
      transcript = openTranscript(input, FILES.transcript, state.warnings);
      await this.runTurns(input, state, transcript, started, secrets);
    } catch (error) {
      failRun(state, failureFromError(error));
    } finally {
      transcript?.close();
    }
    const transcriptPath = transcript?.path;
    const session = toSession(state, {
      engineId: ENGINE_ID,
      started,
      ...(transcriptPath && existsSync(transcriptPath) ? { transcriptPath } : {}),
    });
    // The runner redacts the secrets it knows; values the `env` setting pulled in are only known here.
    return createRedactor([...secrets].sort((a, b) => b.length - a.length))(session);
  }

  private async runTurns(
    input: EngineRunInput,
    state: SessionRecord,
    transcript: TranscriptFile,
    started: number,
    secrets: Set<string>,
  ): Promise<void> {
    const timeoutMs = Math.min(input.timeoutMs, (this.settings.timeoutSeconds ?? Number.POSITIVE_INFINITY) * 1000);
    const deadline = started + timeoutMs;
    const baseDir = this.settings.baseDir ?? process.cwd();
    const files = {
      inputFile: join(input.artifactsDir, FILES.input),
      outputFile: join(input.artifactsDir, FILES.output),
      promptFile: join(input.artifactsDir, FILES.prompt),
      artifactsDir: input.artifactsDir,
    };
    const redact = (text: string) =>
      redactText(
        text,
        [...secrets].sort((a, b) => b.length - a.length),
      );
    const history: SessionMessage[] = input.system ? [{ role: 'system', content: input.system }] : [];
    for (const [index, prompt] of input.turns.entries()) {
      if (input.signal.aborted) return failRun(state, INTERRUPTED);
      const turn = index + 1;
      history.push({ role: 'user', content: prompt });
      const session = this.turnInput(input, state, history, deadline);
      // Small files, written synchronously: per call, a thread-pool round trip each would cost more than the writes.
      // The program can write this folder: a link it left at either name in an earlier turn is replaced, not followed.
      const sessionText = `${JSON.stringify(session, null, 2)}\n`;
      writeInAgentFolderSync(files.inputFile, sessionText);
      writeInAgentFolderSync(files.promptFile, prompt);
      // The run directory keeps the files as given here, not as the program may have left them.
      input.record?.keep(FILES.input, redact(sessionText));
      input.record?.keep(FILES.prompt, redact(prompt));
      // A result left by an earlier turn or attempt must not pass for this one's. Looked for first: removing a file
      // that is not there (as on most turns) costs a thrown and caught error.
      if (existsSync(files.outputFile)) rmSync(files.outputFile, { force: true });

      const vars = buildTemplateVars(session, files);
      const extraEnv = this.renderEnv(vars, input.env);
      for (const value of Object.values(extraEnv)) if (value.length >= MIN_REDACT) secrets.add(value);
      const own = skillEvalEnv(
        { prompt, previous: state.finalMessage, turn, turnCount: input.turns.length, system: input.system, ...files },
        session,
      );
      state.warnings.push(...own.warnings.map((warning) => `turn ${turn}: ${warning}`));
      const env = buildChildEnv(input, extraEnv, own.env);
      for (const value of secretValues(env)) secrets.add(value);
      const call = this.call(vars, env, baseDir, input.sandbox !== undefined);

      state.events.push({ type: 'message', role: 'user', text: prompt });
      const run = await runCommand({
        call,
        stdin: prompt,
        cwd: input.workspace,
        env,
        deadline,
        signal: input.signal,
        ...(input.sandbox ? { sandbox: input.sandbox } : {}),
      });
      const { proc } = run;
      state.exitCode = proc.exitCode;
      if (run.truncated) state.warnings.push(`turn ${turn}: stdout passed 8 MiB and was cut`);
      const raw =
        this.format === 'session_result' ? await sessionResultText(input.artifactsDir, run.stdout) : run.stdout;
      transcript.writeLine(
        redact(
          JSON.stringify({
            turn,
            argv: [call.argv0 ?? call.file, ...call.args],
            exitCode: proc.exitCode,
            timedOut: proc.timedOut,
            stdout: run.stdout,
            stderrTail: proc.stderrTail,
            ...(raw !== run.stdout ? { result: raw } : {}),
          }),
        ),
      );

      const ended = this.settleTurn(
        state,
        { run, raw, turn, history, sent: session.messages },
        {
          timeoutMs,
          file: call.file,
          redact,
        },
      );
      if (ended) return failRun(state, ended);
    }
  }

  /**
   * What one turn's program run means for the run: the failure that ends it (interrupted, timed out, the program
   * failed, or its result says so), or nothing when the next turn follows.
   */
  private settleTurn(
    state: SessionRecord,
    ran: { run: CommandRun; raw: string; turn: number; history: SessionMessage[]; sent: SessionMessage[] },
    how: { timeoutMs: number; file: string; redact: (text: string) => string },
  ): RunFailure | undefined {
    const { run, raw, turn, history } = ran;
    const { proc } = run;
    const { redact } = how;
    if (proc.aborted) return INTERRUPTED;
    if (proc.timedOut) {
      return { status: 'timeout', code: 'TIMEOUT', message: `The command did not finish within ${how.timeoutMs} ms.` };
    }
    if (proc.spawnError) {
      return { status: 'error', code: 'ENGINE_FAILED', message: `Could not start ${how.file}: ${proc.spawnError}` };
    }
    const stderr = proc.stderrTail ? `: ${redact(proc.stderrTail.slice(-1000))}` : '';
    const exited: RunFailure = {
      status: 'error',
      code: 'ENGINE_FAILED',
      message: `The command ${howItEnded(proc)}${stderr}`,
    };
    if (this.format === 'text') {
      state.finalMessage = redact(run.stdout.trim());
      state.events.push({ type: 'message', role: 'assistant', text: state.finalMessage });
      state.turns++;
      if (proc.exitCode !== 0) return exited;
      history.push({ role: 'assistant', content: state.finalMessage });
      return undefined;
    }
    const parsed = parseSessionResult(raw);
    if ('problem' in parsed) {
      if (proc.exitCode !== 0) return exited;
      return { status: 'error', code: 'ENGINE_FAILED', message: `Unusable SessionResult: ${redact(parsed.problem)}` };
    }
    this.absorb(state, parsed.result, ran.sent, turn);
    history.push({ role: 'assistant', content: state.finalMessage });
    if (proc.exitCode !== 0) return exited;
    return resultFailure(parsed.result, redact);
  }

  /** The session file's content for the turn whose prompt `history` ends with. */
  private turnInput(
    input: EngineRunInput,
    state: SessionRecord,
    history: SessionMessage[],
    deadline: number,
  ): SessionInputJson {
    const { caseId, variant } = runIdentity(input);
    return {
      case_id: caseId,
      variant,
      workspace: input.workspace,
      ...(state.model ? { model: state.model } : {}),
      kwargs: this.settings.kwargs,
      messages: [...history],
      ...(input.maxTurns !== undefined ? { max_turns: input.maxTurns } : {}),
      timeout_seconds: Math.max(1, Math.floor((deadline - Date.now()) / 1000)),
      skills: input.skills.map((skill) => ({ name: skill.name, dir: skill.dir })),
    };
  }

  /** Folds one SessionResult into the run. */
  private absorb(state: SessionRecord, result: SessionResultJson, sent: SessionMessage[], turn: number): void {
    const warnings: string[] = [];
    state.events.push(...resultEvents(result, sent, warnings));
    state.warnings.push(...warnings.map((warning) => `turn ${turn}: ${warning}`));
    state.finalMessage = result.final_message;
    state.usage = addUsage(state.usage, {
      inputTokens: result.input_tokens,
      outputTokens: result.output_tokens,
      cacheReadTokens: result.cache_read_tokens,
      cacheWriteTokens: result.cache_write_tokens,
      reasoningTokens: result.reasoning_tokens,
    });
    if (result.cost_usd !== undefined) state.costUsd = (state.costUsd ?? 0) + result.cost_usd;
    state.turns += result.turns ?? 1;
    if (result.model) state.model = result.model;
    if (state.exitCode === 0 && result.exit_code !== 0) state.exitCode = result.exit_code;
  }

  /** The `env` setting rendered: template variables, then skill-eval's own environment (where secrets live). */
  private renderEnv(vars: Record<string, string>, runEnv: Record<string, string>): Record<string, string> {
    const lookup = (name: string) => runEnv[name] || process.env[name];
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(this.settings.env)) {
      out[key] = this.render(`env.${key}`, value, vars, lookup, false);
    }
    return out;
  }

  /**
   * The program of one call. Contract-mode fields are rendered strictly: no credential reaches argv. In a sandbox
   * the line always goes through the sandbox's shell, and a program the host lacks is looked for on its PATH.
   */
  private call(
    vars: Record<string, string>,
    env: Record<string, string>,
    baseDir: string,
    inSandbox: boolean,
  ): ProgramCall {
    if (this.mode === 'simple') {
      return inSandbox
        ? shellCall(anchorShellLine(this.settings.command, baseDir))
        : this.simpleCall(baseDir, env.PATH);
    }
    const lookup = (name: string) => env[name];
    const command = this.render('command', this.settings.command, vars, lookup, true);
    const args = (this.settings.args ?? []).map((arg, i) => this.render(`args[${i}]`, arg, vars, lookup, true));
    const program = anchorProgram(command, baseDir);
    if (!findExecutable(program, env.PATH) && !inSandbox) throw this.notFound(program);
    return contractCall(program, args);
  }

  /**
   * The host files the command runs, for an environment to make available inside its sandboxes: the program it
   * names, and every file its line names by absolute path (`sh /path/agent.sh`).
   */
  programs(env: Readonly<Record<string, string>>): string[] {
    const program = this.programFile(env.PATH ?? process.env.PATH);
    const line =
      this.mode === 'simple' ? anchorShellLine(this.settings.command, this.settings.baseDir ?? process.cwd()) : '';
    const named = [...line.matchAll(/(?<=^|[\s'"])(\/[^\s'"]+)/g)].map((match) => match[1]!);
    const files = named.filter((path) => statSync(path, { throwIfNoEntry: false })?.isFile());
    return [...new Set([...(program ? [program] : []), ...files])];
  }

  /**
   * A simple line that is only plain words naming a program starts that program directly, as the shell would (one
   * process fewer per call); anything else goes through the shell. Decided once per line and PATH.
   */
  private simpleCall(baseDir: string, pathEnv: string | undefined): ProgramCall {
    const key = `${baseDir}\0${pathEnv}`;
    let call = this.simpleCalls.get(key);
    if (!call) {
      const line = this.settings.command;
      call = directCall(line, baseDir, pathEnv) ?? shellCall(anchorShellLine(line, baseDir));
      this.simpleCalls.set(key, call);
    }
    return call;
  }

  private render(
    field: string,
    text: string,
    vars: Record<string, string>,
    lookup: (name: string) => string | undefined,
    strict: boolean,
  ): string {
    try {
      return renderTemplate(text, vars, lookup, strict);
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      throw new SkillEvalError('BAD_INPUT', `command engine setting ${field}: ${error.message}.`, {
        hint: 'Secrets reach the command only through the env setting, read from the environment by your program.',
      });
    }
  }

  /** The program file, when the command names one that exists (contract mode, or a simple line starting with a path). */
  private programFile(pathEnv: string | undefined): string | undefined {
    const baseDir = this.settings.baseDir ?? process.cwd();
    if (this.mode === 'contract') return findExecutable(anchorProgram(this.settings.command, baseDir), pathEnv);
    const first = /^\s*(\S+)/.exec(this.settings.command)?.[1];
    return first?.includes('/') ? findExecutable(anchorProgram(first, baseDir), pathEnv) : undefined;
  }

  private notFound(program = this.settings.command): SkillEvalError {
    return new SkillEvalError('ENGINE_NOT_FOUND', `The command ${program} was not found or is not executable.`, {
      hint: 'Give an absolute path, a path relative to where you run skill-eval, or a program on PATH (chmod +x it).',
    });
  }

  private assertTrusted(): void {
    if (this.settings.trusted) return;
    throw new SkillEvalError(
      'BAD_INPUT',
      `Refusing to run the untrusted command ${JSON.stringify(this.settings.command)}.`,
      {
        hint: UNTRUSTED_HINT,
      },
    );
  }
}

/**
 * The SessionResult a contract program wrote, read through the file layer (the program chose what is at that name: a
 * link to a host file is refused, never read); its stdout when it wrote none.
 */
async function sessionResultText(artifactsDir: string, stdout: string): Promise<string> {
  const text = await readAgentText(artifactsDir, FILES.output);
  if (typeof text === 'string') return text;
  if (text.refused === 'missing') return stdout;
  throw new SkillEvalError('ENGINE_FAILED', `The program's SessionResult was not read: ${text.message}.`);
}
