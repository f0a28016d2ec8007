import { mkdir } from 'node:fs/promises';
import {
  addUsage,
  type Engine,
  type EngineCredential,
  type EngineRunInput,
  emptyUsage,
  executionTempDir,
  redactorOf,
  type Session,
  SkillEvalError,
  type Usage,
} from '@skill-eval/core';
import {
  type CliExecution,
  CliProgramEngine,
  exitFailure,
  newSessionRecord,
  priceUsage,
  type SessionRecord,
} from '@skill-eval/engine-kit';
import { buildCodexArgs, buildCodexEnv, type CodexTurn, codexHome, resolveBaseUrl } from './codex-command.js';
import { CodexEventParser, type CodexParseResult } from './codex-events.js';
import { type CodexAuth, codexAuth, describeAuth, linkLogin } from './codex-login.js';
import { codexMcpFlags, codexServerNames } from './codex-mcp.js';
import { sandboxFailure } from './codex-sandbox-check.js';
import type { CodexSettings } from './codex-settings.js';
import { turnUsage } from './codex-usage.js';
import { INSTALL_HINT } from './install-hint.js';
import { skillsMentionedIn } from './skill-signals.js';

export const ENGINE_ID = 'codex';
/** Name of the raw transcript in the artifacts dir. */
export const TRANSCRIPT_FILE = 'codex-events.jsonl';

interface RunState extends SessionRecord {
  /** The thread's running usage total after the last turn. */
  threadUsage: Usage;
  model: string;
}

export class CodexEngine extends CliProgramEngine<CodexSettings> implements Engine {
  readonly id = ENGINE_ID;
  readonly capabilities = { mcp: true, nextTurn: true };
  readonly skillRoots = ['.agents/skills'] as const;
  /** Whether codex can start commands in its sandbox, by binary and sandbox mode: asked once, not per execution. */
  private readonly sandboxChecks = new Map<string, Promise<string | undefined>>();

  constructor(settings: CodexSettings) {
    super(settings, { name: 'codex', installHint: INSTALL_HINT });
  }

  /** The key variable, and CODEX_HOME: where the user's `codex login` keeps its auth.json. */
  get environment(): readonly string[] {
    return [this.settings.apiKeyEnv, 'CODEX_HOME'];
  }

  missingSetup(env: Readonly<Record<string, string | undefined>>): string | undefined {
    return this.credential(env) ? undefined : missingAuth(this.settings.apiKeyEnv);
  }

  credential(env: Readonly<Record<string, string | undefined>>): EngineCredential | undefined {
    const auth = codexAuth(env, this.settings.apiKeyEnv, env.HOME);
    return auth && describeAuth(auth);
  }

  async run(input: EngineRunInput): Promise<Session> {
    const model = input.model ?? this.settings.model;
    const state: RunState = { ...newSessionRecord(model), model, threadUsage: emptyUsage() };
    return this.recordExecution(input, state, {
      transcriptFile: TRANSCRIPT_FILE,
      runTurns: async (execution) => {
        const auth = codexAuth(input.env, this.settings.apiKeyEnv, input.userHome);
        if (!auth) throw new SkillEvalError('ENGINE_FAILED', missingAuth(this.settings.apiKeyEnv));
        state.version = await this.versionOf(execution.binary).catch(() => undefined);
        if (input.maxTurns !== undefined) {
          state.warnings.push(`codex has no turn limit; maxTurns ${input.maxTurns} is not enforced.`);
        }
        await mkdir(codexHome(input.home), { recursive: true });
        if (auth.kind === 'login') await linkLogin(auth.authFile, codexHome(input.home));
        await mkdir(executionTempDir(input.home), { recursive: true });
        const env = buildCodexEnv(input);
        const broken = await this.sandboxCheck(execution.binary, input, env);
        if (broken) {
          throw new SkillEvalError(
            'ENVIRONMENT_FAILED',
            `codex cannot start commands in its ${this.settings.sandbox} sandbox here, so every tool call of the agent would fail: ${broken}`,
            {
              hint: 'Fix the sandbox on this machine (codex uses /usr/bin/bwrap when bubblewrap is installed), or let codex run commands unsandboxed with --ek sandbox=danger-full-access.',
            },
          );
        }
        await this.runTurns(input, state, execution, env, auth);
      },
      // codex reports tokens but no price, so the cost comes from core's price table.
      settle: (settled) => {
        settled.costUsd = priceUsage(settled.model, settled.usage);
      },
    });
  }

  private sandboxCheck(binary: string, input: EngineRunInput, env: Record<string, string>) {
    const key = `${binary}\0${this.settings.sandbox}`;
    let check = this.sandboxChecks.get(key);
    if (!check) {
      const { sandbox } = this.settings;
      check = sandboxFailure({ binary, sandbox, workspace: input.workspace, env, signal: input.signal });
      this.sandboxChecks.set(key, check);
      // A check the run interrupted says nothing: the next execution asks again.
      void check.then(() => {
        if (input.signal.aborted) this.sandboxChecks.delete(key);
      });
    }
    return check;
  }

  private async runTurns(
    input: EngineRunInput,
    state: RunState,
    execution: CliExecution,
    env: Record<string, string>,
    auth: CodexAuth,
  ): Promise<void> {
    const mcpServers = input.mcpServers ?? [];
    const serverNames = codexServerNames(mcpServers);
    for (const [name, safe] of serverNames) {
      if (name !== safe) {
        state.warnings.push(
          `MCP server ${JSON.stringify(name)} is given to codex as "${safe}": codex takes only letters, digits, "_" and "-" in a server's name. Its tool calls are recorded under ${JSON.stringify(name)}.`,
        );
      }
    }
    const mcpFlags = codexMcpFlags(mcpServers, serverNames);
    const mcpSecrets = mcpServers.flatMap((s) => [...Object.entries(s.env), ...Object.entries(s.headers)]);
    const redact = redactorOf({ ...env, ...Object.fromEntries(mcpSecrets) }).text;
    const baseUrl = resolveBaseUrl(this.settings, input.env, auth.kind === 'login');
    const skillNames = input.skills.map((skill) => skill.name);
    let threadId: string | undefined;
    let lastTurnUncounted = false;
    await this.driveTurns<CodexParseResult>(execution, {
      input,
      env,
      redact,
      record: state,
      startTurn: (index, prompt) => {
        if (index > 0 && !threadId) {
          return {
            status: 'error',
            code: 'ENGINE_FAILED',
            message: 'codex reported no thread id, so the conversation cannot go on.',
          };
        }
        const turn: CodexTurn =
          input.turns.length === 1 && !input.nextTurn
            ? { kind: 'single' }
            : index === 0
              ? { kind: 'first' }
              : { kind: 'resume', threadId: threadId! };
        const args = buildCodexArgs({
          turn,
          model: state.model,
          baseUrl,
          apiKeyEnv: auth.kind === 'api-key' ? auth.variable : undefined,
          sandbox: this.settings.sandbox,
          system: input.system,
          mcpFlags,
          extraArgs: this.settings.extraArgs,
        });
        return {
          args,
          stdin: prompt,
          parser: new CodexEventParser({ idPrefix: index === 0 ? '' : `turn-${index + 1}:`, serverNames }),
          events: skillsMentionedIn(prompt, skillNames).map(
            (name) => ({ type: 'skill', name, via: 'mention' }) as const,
          ),
        };
      },
      absorb: (parsed) => {
        state.events.push(...parsed.events);
        if (parsed.threadUsage) {
          state.usage = addUsage(state.usage, turnUsage(parsed.threadUsage, state.threadUsage));
          state.threadUsage = parsed.threadUsage;
        }
        lastTurnUncounted = !parsed.threadUsage;
        state.turns += parsed.turnsCompleted;
        if (parsed.finalMessage) state.finalMessage = parsed.finalMessage;
        threadId = parsed.threadId ?? threadId;
      },
      judge: (parsed, proc, index) => {
        if (parsed.status === 'error') {
          return { status: 'error', code: 'ENGINE_FAILED', message: redact(parsed.errorMessage ?? 'codex failed') };
        }
        if (parsed.status !== 'completed' || proc.exitCode !== 0) {
          return exitFailure('codex', proc, 'ended without turn.completed', redact);
        }
        if (index < input.turns.length - 1 && !threadId) {
          const message = 'codex reported no thread id, so the conversation cannot go on.';
          return { status: 'error', code: 'ENGINE_FAILED', message };
        }
        return undefined;
      },
    });
    if (state.stoppedEarly && lastTurnUncounted) {
      state.warnings.push(
        'codex reports tokens only when a turn completes; this run was stopped early, so the tokens and cost of its last turn are unknown and not counted.',
      );
    }
  }
}

const missingAuth = (variable: string): string =>
  `codex needs an API key in ${variable} (or name another variable with --ek apiKeyEnv=NAME), or a \`codex login\` (ChatGPT or API key) in $CODEX_HOME/auth.json (default ~/.codex).`;
