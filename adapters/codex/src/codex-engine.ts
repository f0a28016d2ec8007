import { createWriteStream, existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  addUsage,
  type Engine,
  type EngineRunInput,
  type ErrorCode,
  emptyUsage,
  priceUsage,
  redactText,
  type Session,
  type SessionEvent,
  type SessionStatus,
  SkillEvalError,
  secretValues,
  summarizeEvents,
  type Usage,
} from '@skill-eval/core';
import { runGroupProcess } from '@skill-eval/engine-claude-code';
import { buildCodexArgs, buildCodexEnv, type CodexTurn, codexHome, resolveBaseUrl } from './codex-command.js';
import { CodexEventParser } from './codex-events.js';
import type { CodexSettings } from './codex-settings.js';
import { turnUsage } from './codex-usage.js';
import { readCodexVersion } from './codex-version.js';
import { INSTALL_HINT } from './install-hint.js';
import { resolveCodexBinary } from './resolve-codex-binary.js';
import { skillsMentionedIn } from './skill-signals.js';

export const ENGINE_ID = 'codex';
/** Name of the raw transcript in the artifacts dir. */
export const TRANSCRIPT_FILE = 'codex-events.jsonl';

interface RunState {
  events: SessionEvent[];
  usage: Usage;
  /** The thread's running usage total after the last turn. */
  threadUsage: Usage;
  turns: number;
  model: string;
  finalMessage: string;
  warnings: string[];
  exitCode: number | null;
  status: SessionStatus;
  error?: { code: ErrorCode; message: string };
}

export class CodexEngine implements Engine {
  readonly id = ENGINE_ID;
  readonly capabilities = { multiTurn: true, skills: true, workspaceTools: true, complete: false };
  readonly skillRoots = ['.agents/skills'] as const;
  readonly defaultModel: string;
  /** `codex --version` per binary path; a failure is dropped so that installing codex later works. */
  private readonly versions = new Map<string, Promise<string>>();

  constructor(private readonly settings: CodexSettings) {
    this.defaultModel = settings.model;
  }

  async version(): Promise<string> {
    return this.versionOf(resolveCodexBinary(this.settings, process.env.PATH));
  }

  private versionOf(binary: string): Promise<string> {
    let pending = this.versions.get(binary);
    if (!pending) {
      pending = readCodexVersion(binary);
      this.versions.set(binary, pending);
      pending.catch(() => this.versions.delete(binary));
    }
    return pending;
  }

  async run(input: EngineRunInput): Promise<Session> {
    const started = Date.now();
    const state: RunState = {
      events: [],
      usage: emptyUsage(),
      threadUsage: emptyUsage(),
      turns: 0,
      model: input.model ?? this.settings.model,
      finalMessage: '',
      warnings: [],
      exitCode: null,
      status: 'completed',
    };
    let transcriptPath: string | undefined;
    let engineVersion: string | undefined;
    try {
      const binary = resolveCodexBinary(this.settings, input.env.PATH ?? process.env.PATH);
      if (input.turns.length === 0) throw new SkillEvalError('ENGINE_FAILED', 'The case has no user message to send.');
      if (!input.env[this.settings.apiKeyEnv]) {
        throw new SkillEvalError('ENGINE_FAILED', `codex needs an API key in ${this.settings.apiKeyEnv}.`, {
          hint: `Set ${this.settings.apiKeyEnv} (or name another variable with --ek apiKeyEnv=NAME).`,
        });
      }
      engineVersion = await this.versionOf(binary).catch(() => undefined);
      if (input.maxTurns !== undefined) {
        state.warnings.push(`codex has no turn limit; maxTurns ${input.maxTurns} is not enforced.`);
      }
      await mkdir(input.artifactsDir, { recursive: true });
      await mkdir(codexHome(input.home), { recursive: true });
      transcriptPath = join(input.artifactsDir, TRANSCRIPT_FILE);
      await this.runTurns(binary, input, state, transcriptPath, started);
    } catch (error) {
      const code: ErrorCode = error instanceof SkillEvalError ? error.code : 'ENGINE_FAILED';
      const hint = error instanceof SkillEvalError && error.hint ? ` ${error.hint}` : '';
      this.fail(state, 'error', code, `${error instanceof Error ? error.message : String(error)}${hint}`);
    }
    const { toolCalls, skillsInvoked } = summarizeEvents(state.events);
    const costUsd = priceUsage(state.model, state.usage);
    return {
      status: state.status,
      exitCode: state.exitCode,
      finalMessage: state.finalMessage,
      events: state.events,
      toolCalls,
      skillsInvoked,
      usage: state.usage,
      ...(costUsd !== undefined ? { costUsd } : {}),
      durationMs: Date.now() - started,
      turns: state.turns,
      engineId: ENGINE_ID,
      ...(engineVersion ? { engineVersion } : {}),
      model: state.model,
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
    const env = buildCodexEnv(input);
    const secrets = secretValues(env);
    const redact = (text: string) => redactText(text, secrets);
    const baseUrl = resolveBaseUrl(this.settings, input.env);
    const skillNames = input.skills.map((skill) => skill.name);
    const transcript = createWriteStream(transcriptPath);
    transcript.on('error', (error) => state.warnings.push(`could not write ${transcriptPath}: ${error.message}`));
    const deadline = started + input.timeoutMs;
    let threadId: string | undefined;
    try {
      for (const [index, prompt] of input.turns.entries()) {
        if (input.signal.aborted) return this.fail(state, 'error', 'INTERRUPTED', 'The run was interrupted.');
        const turn: CodexTurn =
          input.turns.length === 1
            ? { kind: 'single' }
            : index === 0
              ? { kind: 'first' }
              : { kind: 'resume', threadId: threadId! };
        const args = buildCodexArgs({
          prompt,
          turn,
          model: state.model,
          baseUrl,
          apiKeyEnv: this.settings.apiKeyEnv,
          sandbox: this.settings.sandbox,
          system: input.system,
          extraArgs: this.settings.extraArgs,
        });
        state.events.push({ type: 'message', role: 'user', text: prompt });
        for (const name of skillsMentionedIn(prompt, skillNames))
          state.events.push({ type: 'skill', name, via: 'mention' });
        const parser = new CodexEventParser({ idPrefix: index === 0 ? '' : `turn-${index + 1}:` });
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
        if (parsed.threadUsage) {
          state.usage = addUsage(state.usage, turnUsage(parsed.threadUsage, state.threadUsage));
          state.threadUsage = parsed.threadUsage;
        }
        state.turns += parsed.turnsCompleted;
        if (parsed.finalMessage) state.finalMessage = parsed.finalMessage;
        state.warnings.push(...parsed.warnings.map((warning) => `turn ${index + 1}: ${redact(warning)}`));
        state.exitCode = proc.exitCode;
        threadId = parsed.threadId ?? threadId;

        if (proc.aborted) return this.fail(state, 'error', 'INTERRUPTED', 'The run was interrupted.');
        if (proc.timedOut) {
          return this.fail(state, 'timeout', 'TIMEOUT', `codex did not finish within ${input.timeoutMs} ms.`);
        }
        if (proc.spawnError) {
          // The binary was found a moment ago; if it is still there, the cause is elsewhere (cwd, permissions).
          const gone = !existsSync(binary);
          const message = `Could not start ${binary}: ${proc.spawnError}${gone ? ` ${INSTALL_HINT}` : ''}`;
          return this.fail(state, 'error', gone ? 'ENGINE_NOT_FOUND' : 'ENGINE_FAILED', message);
        }
        if (parsed.status === 'error') {
          return this.fail(state, 'error', 'ENGINE_FAILED', redact(parsed.errorMessage ?? 'codex failed'));
        }
        if (parsed.status !== 'completed' || proc.exitCode !== 0) {
          const why = proc.exitCode === 0 ? 'ended without turn.completed' : `exited with code ${proc.exitCode}`;
          const tail = proc.stderrTail ? `: ${redact(proc.stderrTail.slice(-1000))}` : '';
          return this.fail(state, 'error', 'ENGINE_FAILED', `codex ${why}${tail}`);
        }
        if (index < input.turns.length - 1 && !threadId) {
          return this.fail(
            state,
            'error',
            'ENGINE_FAILED',
            'codex reported no thread id, so the conversation cannot go on.',
          );
        }
      }
    } finally {
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
