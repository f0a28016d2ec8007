import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type {
  CompletionRequest,
  CompletionResponse,
  Engine,
  EngineCredential,
  EngineRunInput,
  Session,
} from '@skill-eval/core';
import { executionTempDir, redactorOf } from '@skill-eval/core';
import {
  type CliExecution,
  CliProgramEngine,
  exitFailure,
  newSessionRecord,
  type SessionRecord,
} from '@skill-eval/engine-kit';
import { makeFolders, writeBelowAgentFolder } from '@skill-eval/engine-kit/agent-files';
import type { ClaudeCodeSettings } from './claude-code-settings.js';
import { buildClaudeArgs, buildClaudeEnv, type TurnMode } from './claude-command.js';
import { completeWithClaude } from './claude-complete.js';
import { CLAUDE_ENVIRONMENT, claudeCredential } from './claude-credentials.js';
import { claudeMcpConfig } from './claude-mcp.js';
import { INSTALL_HINT } from './install-hint.js';
import { StreamJsonParser, type StreamParseResult } from './stream-json.js';
import { StreamJsonTurns } from './stream-json-turns.js';

export const ENGINE_ID = 'claude-code';

export class ClaudeCodeEngine extends CliProgramEngine<ClaudeCodeSettings> implements Engine {
  readonly id = ENGINE_ID;
  readonly capabilities = { mcp: true, nextTurn: true, tools: true };
  readonly skillRoots = ['.claude/skills'] as const;

  constructor(settings: ClaudeCodeSettings) {
    super(settings, { name: 'claude', installHint: INSTALL_HINT });
  }

  readonly environment = CLAUDE_ENVIRONMENT;

  /** claude runs with a fresh HOME, so a `claude /login` session never reaches it: only a credential in the environment does. */
  missingSetup(env: Readonly<Record<string, string | undefined>>): string | undefined {
    if (claudeCredential(env)) return undefined;
    return "claude-code needs a credential in the environment: ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN, CLAUDE_CODE_OAUTH_TOKEN (a subscription: `claude setup-token` prints one), or CLAUDE_CODE_USE_BEDROCK / CLAUDE_CODE_USE_VERTEX with the cloud's own credentials. Each execution runs claude with a fresh HOME, where a `claude /login` session does not reach.";
  }

  credential(env: Readonly<Record<string, string | undefined>>): EngineCredential | undefined {
    return claudeCredential(env);
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

  private async runTurns(input: EngineRunInput, state: SessionRecord, execution: CliExecution): Promise<void> {
    const env = buildClaudeEnv(input, this.settings);
    await makeFolders(input.home, executionTempDir(input.home));
    const mcpServers = input.mcpServers ?? [];
    const mcpConfig = mcpServers.length > 0 ? await writeMcpConfig(input.home, mcpServers) : undefined;
    const redact = redactorOf({ ...env, ...Object.fromEntries(mcpServers.flatMap((s) => Object.entries(s.env))) }).text;
    const turns = new StreamJsonTurns(state, randomUUID());
    try {
      await this.driveTurns<StreamParseResult>(execution, {
        input,
        env,
        redact,
        record: state,
        startTurn: (index, prompt) => {
          const turn: TurnMode =
            input.turns.length === 1 && !input.nextTurn
              ? { kind: 'single' }
              : index === 0
                ? { kind: 'first', sessionId: turns.sessionId! }
                : { kind: 'resume', sessionId: turns.sessionId! };
          const args = buildClaudeArgs({
            turn,
            permissionMode: this.settings.permissionMode,
            model: input.model ?? this.settings.model,
            maxTurns: input.maxTurns ?? this.settings.maxTurns,
            system: input.system,
            allowedTools: this.settings.allowedTools,
            ...(input.tools ? { tools: input.tools } : {}),
            mcpConfig,
            extraArgs: this.settings.extraArgs,
          });
          const parser = new StreamJsonParser({ mcpServers: mcpServers.map((s) => s.name) });
          return { args, stdin: prompt, parser };
        },
        absorb: (parsed) => {
          turns.absorb(parsed);
          if (parsed.costUsd !== undefined) state.costUsd = (state.costUsd ?? 0) + parsed.costUsd;
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
      turns.settle();
    }
  }
}

/**
 * Writes the `--mcp-config` file into the execution's HOME: its env may hold secrets, which must stay off argv. A setup
 * step may have run in that HOME: a link it left on the way is refused, never written through.
 */
async function writeMcpConfig(home: string, servers: NonNullable<EngineRunInput['mcpServers']>): Promise<string> {
  const file = join(home, '.skill-eval', 'claude-mcp-config.json');
  await writeBelowAgentFolder(home, file, JSON.stringify(claudeMcpConfig(servers), null, 2), 0o600);
  return file;
}
