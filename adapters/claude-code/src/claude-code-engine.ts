import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  addUsage,
  type CompletionRequest,
  type CompletionResponse,
  type Engine,
  type EngineRunInput,
  type ErrorCode,
  emptyUsage,
  type Session,
  type SessionEvent,
  type SessionStatus,
  SkillEvalError,
  summarizeEvents,
  type Usage,
} from '@skill-eval/core';
import type { ClaudeCodeSettings } from './claude-code-settings.js';
import { buildClaudeArgs, buildClaudeEnv, type TurnMode } from './claude-command.js';
import { completeWithClaude } from './claude-complete.js';
import { readClaudeVersion } from './claude-version.js';
import { INSTALL_HINT } from './install-hint.js';
import { makeRedactor } from './redact.js';
import { resolveClaudeBinary } from './resolve-claude-binary.js';
import { runGroupProcess } from './run-group-process.js';
import { StreamJsonParser } from './stream-json.js';

export const ENGINE_ID = 'claude-code';

interface RunState {
  events: SessionEvent[];
  usage: Usage;
  costUsd?: number;
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

export class ClaudeCodeEngine implements Engine {
  readonly id = ENGINE_ID;
  readonly capabilities = { multiTurn: true, skills: true, workspaceTools: true, complete: true };
  readonly skillRoots = ['.claude/skills'] as const;
  readonly defaultModel: string | undefined;
  private cachedVersion: Promise<string> | undefined;

  constructor(private readonly settings: ClaudeCodeSettings) {
    this.defaultModel = settings.model;
  }

  version(): Promise<string> {
    if (!this.cachedVersion) {
      const pending = (async () => readClaudeVersion(resolveClaudeBinary(this.settings, process.env.PATH)))();
      this.cachedVersion = pending;
      // A failure is not cached: installing claude later should work without a new engine.
      pending.catch(() => {
        if (this.cachedVersion === pending) this.cachedVersion = undefined;
      });
    }
    return this.cachedVersion;
  }

  async complete(request: CompletionRequest): Promise<CompletionResponse> {
    return completeWithClaude(resolveClaudeBinary(this.settings, process.env.PATH), this.settings, request);
  }

  async run(input: EngineRunInput): Promise<Session> {
    const started = Date.now();
    const state: RunState = {
      events: [],
      usage: emptyUsage(),
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
      const binary = resolveClaudeBinary(this.settings, input.env.PATH ?? process.env.PATH);
      if (input.turns.length === 0) throw new SkillEvalError('ENGINE_FAILED', 'The case has no user message to send.');
      await mkdir(input.artifactsDir, { recursive: true });
      transcriptPath = join(input.artifactsDir, 'claude-stream.jsonl');
      await this.runTurns(binary, input, state, transcriptPath, started);
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
      ...(state.costUsd !== undefined ? { costUsd: state.costUsd } : {}),
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
    const env = buildClaudeEnv(input, this.settings);
    const redact = makeRedactor(env);
    const transcript = createWriteStream(transcriptPath);
    transcript.on('error', (error) => state.warnings.push(`could not write ${transcriptPath}: ${error.message}`));
    const deadline = started + input.timeoutMs;
    let sessionId: string = randomUUID();
    let resultDurations = 0;
    let everyTurnTimed = true;
    try {
      for (const [index, prompt] of input.turns.entries()) {
        if (input.signal.aborted) {
          this.fail(state, 'error', 'INTERRUPTED', 'The run was interrupted.');
          return;
        }
        const turn: TurnMode =
          input.turns.length === 1
            ? { kind: 'single' }
            : index === 0
              ? { kind: 'first', sessionId }
              : { kind: 'resume', sessionId };
        const args = buildClaudeArgs({
          prompt,
          turn,
          permissionMode: this.settings.permissionMode,
          model: input.model ?? this.settings.model,
          maxTurns: input.maxTurns ?? this.settings.maxTurns,
          system: input.system,
          allowedTools: this.settings.allowedTools,
          extraArgs: this.settings.extraArgs,
        });
        state.events.push({ type: 'message', role: 'user', text: prompt });
        const parser = new StreamJsonParser();
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
        if (parsed.costUsd !== undefined) state.costUsd = (state.costUsd ?? 0) + parsed.costUsd;
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
          return this.fail(state, 'timeout', 'TIMEOUT', `claude did not finish within ${input.timeoutMs} ms.`);
        }
        if (proc.spawnError) {
          // The binary was found a moment ago; if it is still there, the cause is elsewhere (cwd, permissions).
          const gone = !existsSync(binary);
          const message = `Could not start ${binary}: ${proc.spawnError}${gone ? ` ${INSTALL_HINT}` : ''}`;
          return this.fail(state, 'error', gone ? 'ENGINE_NOT_FOUND' : 'ENGINE_FAILED', message);
        }
        if (parsed.status === 'max-turns') return this.fail(state, 'max-turns', 'MAX_TURNS', parsed.errorMessage ?? '');
        if (parsed.status === 'error')
          return this.fail(state, 'error', 'ENGINE_FAILED', redact(parsed.errorMessage ?? ''));
        if (parsed.status !== 'completed') {
          const why = proc.exitCode === 0 ? 'ended without a result event' : `exited with code ${proc.exitCode}`;
          const tail = proc.stderrTail ? `: ${redact(proc.stderrTail.slice(-1000))}` : '';
          return this.fail(state, 'error', 'ENGINE_FAILED', `claude ${why}${tail}`);
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
