import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  addUsage,
  type CompletionRequest,
  type CompletionResponse,
  type Engine,
  type EngineRunInput,
  type Session,
} from '@skill-eval/core';
import {
  type CliExecution,
  CliProgramEngine,
  exitFailure,
  makeRedactor,
  newSessionRecord,
  runCliTurns,
  type SessionRecord,
} from '@skill-eval/engine-kit';
import type { ClaudeCodeSettings } from './claude-code-settings.js';
import { buildClaudeArgs, buildClaudeEnv, type TurnMode } from './claude-command.js';
import { completeWithClaude } from './claude-complete.js';
import { claudeMcpConfig } from './claude-mcp.js';
import { INSTALL_HINT } from './install-hint.js';
import { StreamJsonParser, type StreamParseResult } from './stream-json.js';

export const ENGINE_ID = 'claude-code';

export class ClaudeCodeEngine extends CliProgramEngine<ClaudeCodeSettings> implements Engine {
  readonly id = ENGINE_ID;
  readonly capabilities = {
    multiTurn: true,
    skills: true,
    workspaceTools: true,
    complete: true,
    mcp: true,
    earlyStop: true,
  };
  readonly skillRoots = ['.claude/skills'] as const;

  constructor(settings: ClaudeCodeSettings) {
    super(settings, { name: 'claude', installHint: INSTALL_HINT });
  }

  /** claude runs with a fresh HOME, so a `claude /login` session never reaches it: only a key in the environment does. */
  missingSetup(env: Readonly<Record<string, string | undefined>>): string | undefined {
    if (env.ANTHROPIC_API_KEY || env.ANTHROPIC_AUTH_TOKEN) return undefined;
    return 'claude-code needs ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN) in the environment: each execution runs claude with a fresh HOME, where a `claude /login` session does not reach.';
  }

  async complete(request: CompletionRequest): Promise<CompletionResponse> {
    return completeWithClaude(this.binary(), this.settings, request);
  }

  async run(input: EngineRunInput): Promise<Session> {
    const state = newSessionRecord(input.model ?? this.settings.model);
    return this.recordExecution(input, state, {
      transcriptFile: 'claude-stream.jsonl',
      runTurns: (execution) => this.runTurns(input, state, execution),
    });
  }

  private async runTurns(
    input: EngineRunInput,
    state: SessionRecord,
    { binary, transcriptPath, started }: CliExecution,
  ): Promise<void> {
    const env = buildClaudeEnv(input, this.settings);
    const mcpServers = input.mcpServers ?? [];
    const mcpConfig = mcpServers.length > 0 ? await writeMcpConfig(input.home, mcpServers) : undefined;
    const redact = makeRedactor({ ...env, ...Object.fromEntries(mcpServers.flatMap((s) => Object.entries(s.env))) });
    let sessionId: string = randomUUID();
    let resultDurations = 0;
    let everyTurnTimed = true;
    try {
      await runCliTurns<StreamParseResult>({
        program: 'claude',
        binary,
        installHint: INSTALL_HINT,
        input,
        env,
        deadline: started + input.timeoutMs,
        transcriptPath,
        redact,
        record: state,
        startTurn: (index, prompt) => {
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
            mcpConfig,
            extraArgs: this.settings.extraArgs,
          });
          return { args, parser: new StreamJsonParser({ mcpServers: mcpServers.map((s) => s.name) }) };
        },
        absorb: (parsed) => {
          state.events.push(...parsed.events);
          state.usage = addUsage(state.usage, parsed.usage);
          if (parsed.costUsd !== undefined) state.costUsd = (state.costUsd ?? 0) + parsed.costUsd;
          if (parsed.durationMs !== undefined) resultDurations += parsed.durationMs;
          else everyTurnTimed = false;
          state.turns += parsed.turns ?? 0;
          state.model = parsed.model ?? state.model;
          state.version ??= parsed.version;
          if (parsed.finalMessage) state.finalMessage = parsed.finalMessage;
          sessionId = parsed.sessionId ?? sessionId;
        },
        judge: (parsed, proc) => {
          if (parsed.status === 'max-turns') {
            return { status: 'max-turns', code: 'MAX_TURNS', message: parsed.errorMessage ?? '' };
          }
          if (parsed.status === 'error') {
            return { status: 'error', code: 'ENGINE_FAILED', message: redact(parsed.errorMessage ?? '') };
          }
          if (parsed.status !== 'completed') return exitFailure('claude', proc, 'ended without a result event', redact);
          return undefined;
        },
      });
    } finally {
      if (everyTurnTimed && state.status === 'completed') state.durationMs = resultDurations;
    }
  }
}

/** Writes the `--mcp-config` file into the execution's HOME: its env may hold secrets, which must stay off argv. */
async function writeMcpConfig(home: string, servers: NonNullable<EngineRunInput['mcpServers']>): Promise<string> {
  const dir = join(home, '.skill-eval');
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'claude-mcp-config.json');
  await writeFile(file, JSON.stringify(claudeMcpConfig(servers), null, 2), { mode: 0o600 });
  return file;
}
