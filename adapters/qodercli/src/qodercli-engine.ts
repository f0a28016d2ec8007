import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  addUsage,
  type Engine,
  type EngineRunInput,
  type ErrorCode,
  emptyUsage,
  redactText,
  type Session,
  type SessionEvent,
  type SessionStatus,
  SkillEvalError,
  secretValues,
  summarizeEvents,
  type Usage,
} from '@skill-eval/core';
import { runGroupProcess, StreamJsonParser } from '@skill-eval/engine-claude-code';
import { INSTALL_HINT, LOGIN_HINT } from './install-hint.js';
import { buildQodercliArgs, buildQodercliEnv } from './qodercli-command.js';
import { isNotLoggedIn, type QodercliResultExtras, readQodercliExtras } from './qodercli-extras.js';
import type { QodercliSettings } from './qodercli-settings.js';
import { readQodercliVersion } from './qodercli-version.js';
import { resolveQodercliBinary } from './resolve-qodercli-binary.js';

export const ENGINE_ID = 'qodercli';
/** Raw stream of every turn, as qodercli printed it (secrets redacted). */
export const TRANSCRIPT_FILE = 'qodercli-stream.jsonl';
/** `total_credits` of each turn; Session has no field for credits. */
export const CREDITS_FILE = 'qodercli-credits.json';

interface RunState {
  events: SessionEvent[];
  usage: Usage;
  costUsd?: number;
  /** `total_credits` of each turn, as reported. */
  credits: { turn: number; totalCredits: number }[];
  durationMs: number;
  turns: number;
  model?: string;
  version?: string;
  finalMessage: string;
  warnings: string[];
  exitCode: number | null;
  status: SessionStatus;
  error?: { code: ErrorCode; message: string };
}

export class QodercliEngine implements Engine {
  readonly id = ENGINE_ID;
  readonly capabilities = { multiTurn: true, skills: true, workspaceTools: true, complete: false };
  readonly skillRoots = ['.qoder/skills'] as const;
  readonly defaultModel: string | undefined;
  private cachedVersion: Promise<string> | undefined;

  constructor(private readonly settings: QodercliSettings) {
    this.defaultModel = settings.model;
  }

  version(): Promise<string> {
    if (!this.cachedVersion) {
      const pending = (async () => readQodercliVersion(resolveQodercliBinary(this.settings, process.env.PATH)))();
      this.cachedVersion = pending;
      // A failure is not cached: installing qodercli later should work without a new engine.
      pending.catch(() => {
        if (this.cachedVersion === pending) this.cachedVersion = undefined;
      });
    }
    return this.cachedVersion;
  }

  async run(input: EngineRunInput): Promise<Session> {
    const started = Date.now();
    const state: RunState = {
      events: [],
      usage: emptyUsage(),
      credits: [],
      durationMs: 0,
      turns: 0,
      model: input.model ?? this.settings.model,
      finalMessage: '',
      warnings: [],
      exitCode: null,
      status: 'completed',
    };
    let transcriptPath: string | undefined;
    try {
      const binary = resolveQodercliBinary(this.settings, input.env.PATH ?? process.env.PATH);
      if (input.turns.length === 0) throw new SkillEvalError('ENGINE_FAILED', 'The case has no user message to send.');
      await mkdir(input.artifactsDir, { recursive: true });
      transcriptPath = join(input.artifactsDir, TRANSCRIPT_FILE);
      await this.runTurns(binary, input, state, transcriptPath, started);
      if (state.credits.length > 0) {
        await writeFile(
          join(input.artifactsDir, CREDITS_FILE),
          `${JSON.stringify({ turns: state.credits }, null, 2)}\n`,
        );
      }
    } catch (error) {
      const code: ErrorCode = error instanceof SkillEvalError ? error.code : 'ENGINE_FAILED';
      const hint = error instanceof SkillEvalError && error.hint ? ` ${error.hint}` : '';
      state.status = 'error';
      state.error = { code, message: `${error instanceof Error ? error.message : String(error)}${hint}` };
    }
    const { toolCalls, skillsInvoked } = summarizeEvents(state.events);
    return {
      status: state.status,
      exitCode: state.exitCode,
      finalMessage: state.finalMessage,
      events: state.events,
      toolCalls,
      skillsInvoked,
      usage: state.usage,
      // qodercli bills credits and reports total_cost_usd as 0: a 0 would claim the run was free.
      ...(state.costUsd ? { costUsd: state.costUsd } : {}),
      durationMs: state.durationMs || Date.now() - started,
      turns: state.turns,
      engineId: ENGINE_ID,
      ...(state.version ? { engineVersion: state.version } : {}),
      ...(state.model ? { model: state.model } : {}),
      ...(transcriptPath ? { transcriptPath } : {}),
      warnings: state.warnings,
      ...(state.error ? { error: state.error } : {}),
    };
  }

  private async runTurns(
    binary: string,
    input: EngineRunInput,
    state: RunState,
    transcriptPath: string,
    started: number,
  ): Promise<void> {
    const env = buildQodercliEnv(input);
    const secrets = secretValues(env);
    const redact = (text: string) => redactText(text, secrets);
    const transcript = createWriteStream(transcriptPath);
    transcript.on('error', (error) => state.warnings.push(`could not write ${transcriptPath}: ${error.message}`));
    const deadline = started + input.timeoutMs;
    let sessionId: string | undefined;
    let resultDurations = 0;
    let everyTurnTimed = true;
    try {
      for (const [index, prompt] of input.turns.entries()) {
        if (input.signal.aborted) return this.fail(state, 'error', 'INTERRUPTED', 'The run was interrupted.');
        if (index > 0 && !sessionId) {
          return this.fail(
            state,
            'error',
            'ENGINE_FAILED',
            'qodercli reported no session id, so turn 2 cannot resume.',
          );
        }
        const args = buildQodercliArgs({
          prompt,
          permissionMode: this.settings.permissionMode,
          resume: index > 0 ? sessionId : undefined,
          model: input.model ?? this.settings.model,
          maxTurns: input.maxTurns ?? this.settings.maxTurns,
          system: input.system,
          allowedTools: this.settings.allowedTools,
          extraArgs: this.settings.extraArgs,
        });
        state.events.push({ type: 'message', role: 'user', text: prompt });
        const parser = new StreamJsonParser<QodercliResultExtras>({ readResultExtras: readQodercliExtras });
        const proc = await runGroupProcess({
          file: binary,
          args,
          cwd: input.workspace,
          env,
          deadline,
          signal: input.signal,
          onLine: (line) => {
            transcript.write(`${redact(line)}\n`);
            parser.pushLine(line);
          },
        });
        const parsed = parser.finish();
        state.events.push(...parsed.events);
        state.usage = addUsage(state.usage, parsed.usage);
        if (parsed.costUsd) state.costUsd = (state.costUsd ?? 0) + parsed.costUsd;
        if (parsed.extras?.credits !== undefined) {
          state.credits.push({ turn: index + 1, totalCredits: parsed.extras.credits });
        }
        if (parsed.durationMs !== undefined) resultDurations += parsed.durationMs;
        else everyTurnTimed = false;
        state.turns += parsed.turns ?? 0;
        state.model = parsed.model ?? state.model;
        state.version ??= parsed.version;
        if (parsed.finalMessage) state.finalMessage = parsed.finalMessage;
        state.warnings.push(...parsed.warnings.map((warning) => `turn ${index + 1}: ${redact(warning)}`));
        state.exitCode = proc.exitCode;
        sessionId = parsed.sessionId ?? sessionId;

        if (proc.aborted) return this.fail(state, 'error', 'INTERRUPTED', 'The run was interrupted.');
        if (proc.timedOut) {
          return this.fail(state, 'timeout', 'TIMEOUT', `qodercli did not finish within ${input.timeoutMs} ms.`);
        }
        if (proc.spawnError) {
          // The binary was found a moment ago; if it is still there, the cause is elsewhere (cwd, permissions).
          const gone = !existsSync(binary);
          const message = `Could not start ${binary}: ${proc.spawnError}${gone ? ` ${INSTALL_HINT}` : ''}`;
          return this.fail(state, 'error', gone ? 'ENGINE_NOT_FOUND' : 'ENGINE_FAILED', message);
        }
        if (parsed.status === 'max-turns') return this.fail(state, 'max-turns', 'MAX_TURNS', parsed.errorMessage ?? '');
        if (parsed.status === 'error') {
          const why = redact(parsed.errorMessage ?? '');
          if (isNotLoggedIn(why)) {
            // The answer text is not the agent's: keep it out of finalMessage so no check passes on it.
            state.finalMessage = '';
            return this.fail(state, 'error', 'ENGINE_FAILED', `qodercli is not logged in ("${why}"). ${LOGIN_HINT}`);
          }
          return this.fail(state, 'error', 'ENGINE_FAILED', why);
        }
        if (parsed.status !== 'completed') {
          const why = proc.exitCode === 0 ? 'ended without a result event' : `exited with code ${proc.exitCode}`;
          const tail = proc.stderrTail ? `: ${redact(proc.stderrTail.slice(-1000))}` : '';
          return this.fail(state, 'error', 'ENGINE_FAILED', `qodercli ${why}${tail}`);
        }
      }
    } finally {
      if (everyTurnTimed && state.status === 'completed') state.durationMs = resultDurations;
      // 'close' comes after 'finish' and after an error alike.
      await new Promise<void>((resolve) => {
        transcript.once('close', resolve);
        transcript.end();
      });
    }
  }

  private fail(state: RunState, status: SessionStatus, code: ErrorCode, message: string): void {
    state.status = status;
    state.error = { code, message };
  }
}
