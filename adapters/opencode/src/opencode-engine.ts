import {
  addUsage,
  type Engine,
  type EngineCredential,
  type EngineRunInput,
  redactorOf,
  type Session,
  SkillEvalError,
} from '@skill-eval/core';
import {
  type CliExecution,
  CliProgramEngine,
  exitFailure,
  newSessionRecord,
  type RunFailure,
  type SessionRecord,
} from '@skill-eval/engine-kit';
import { INSTALL_HINT } from './install-hint.js';
import {
  buildOpencodeArgs,
  buildOpencodeEnv,
  opencodeDirs,
  prepareOpencodeHome,
  projectInstructions,
} from './opencode-command.js';
import { providerEndpoints } from './opencode-config.js';
import {
  describeOpencodeAuth,
  missingAuth,
  OPENCODE_ENVIRONMENT,
  opencodeAuth,
  providerOf,
} from './opencode-credentials.js';
import type { OpencodeSettings } from './opencode-settings.js';
import { type OpencodeParseResult, OpencodeStreamParser } from './opencode-stream.js';
import { markPluginInstalledForExecution } from './plugin-dependency.js';

export const ENGINE_ID = 'opencode';
/** Name of the raw transcript in the artifacts dir. */
export const TRANSCRIPT_FILE = 'opencode-events.jsonl';

export class OpencodeEngine extends CliProgramEngine<OpencodeSettings> implements Engine {
  readonly id = ENGINE_ID;
  readonly capabilities = { mcp: true, nextTurn: true };
  /**
   * opencode's project skills folder: Skill discovery of opencode 1.18.33 scans `{skill,skills}/**\/SKILL.md` in each
   * of its config directories, the workspace's `.opencode` among them (beside `.claude/skills` and `.agents/skills`,
   * the other agents' folders it also reads).
   */
  readonly skillRoots = ['.opencode/skills'] as const;
  readonly environment = OPENCODE_ENVIRONMENT;

  constructor(settings: OpencodeSettings) {
    // opencode-ai's bin is the native binary its install links or copies from the platform package of the same version
    // (opencode-ai 1.18.33 postinstall.mjs:149-153, optionalDependencies pinned to 1.18.33); its `--version` starts the
    // whole program: 0.7 s of CPU that the package's manifest saves.
    super(settings, { name: 'opencode', installHint: INSTALL_HINT, npmPackage: 'opencode-ai' });
  }

  /** opencode runs with a fresh HOME: a provider key in the environment, or the user's login linked into it. */
  missingSetup(env: Readonly<Record<string, string | undefined>>): string | undefined {
    return opencodeAuth(env, env.HOME, this.settings.model) ? undefined : missingAuth;
  }

  credential(env: Readonly<Record<string, string | undefined>>): EngineCredential | undefined {
    const auth = opencodeAuth(env, env.HOME, this.settings.model);
    return auth && describeOpencodeAuth(auth);
  }

  async run(input: EngineRunInput): Promise<Session> {
    const model = input.model ?? this.settings.model;
    const state = newSessionRecord(model);
    let cost = 0;
    return this.recordExecution(input, state, {
      transcriptFile: TRANSCRIPT_FILE,
      runTurns: async (execution) => {
        const auth = opencodeAuth(input.env, input.userHome, model);
        if (!auth) throw new SkillEvalError('ENGINE_FAILED', missingAuth);
        state.version = await this.versionOf(execution.binary).catch(() => undefined);
        const endpoints = providerEndpoints(input.env, this.settings, providerOf(model));
        await prepareOpencodeHome(input.home, {
          auth,
          endpoints,
          instructions: projectInstructions(input.workspace),
          stagedSkills: input.skills.map((skill) => skill.name),
          mcpServers: input.mcpServers ?? [],
          ...(input.maxTurns === undefined ? {} : { maxTurns: input.maxTurns }),
          ...(input.system ? { system: input.system } : {}),
        });
        const configHome = opencodeDirs(input.home).XDG_CONFIG_HOME;
        await markPluginInstalledForExecution(
          { home: input.home, configHome, workspace: input.workspace },
          state.version,
        );
        cost = await this.runTurns(input, state, execution, model, endpoints);
      },
      // opencode prices every step from its model catalogue: its sum is the run's cost.
      settle: (settled) => {
        if (cost > 0) settled.costUsd = cost;
      },
    });
  }

  /** Runs the turns; returns the cost opencode reported. */
  private async runTurns(
    input: EngineRunInput,
    state: SessionRecord,
    execution: CliExecution,
    model: string | undefined,
    endpoints: Record<string, string>,
  ): Promise<number> {
    const env = buildOpencodeEnv(input, endpoints);
    const mcpServers = input.mcpServers ?? [];
    // The servers' env and headers may hold secrets: they stay in the config file of the HOME, out of the results.
    const mcpSecrets = mcpServers.flatMap((s) => [...Object.entries(s.env), ...Object.entries(s.headers)]);
    const redact = redactorOf({ ...env, ...Object.fromEntries(mcpSecrets) }).text;
    // Every event names the session; the next turns continue it with `--session <id>`.
    let sessionId: string | undefined;
    let cost = 0;
    await this.driveTurns<OpencodeParseResult>(execution, {
      input,
      env,
      redact,
      record: state,
      startTurn: (index, prompt) => {
        if (index > 0 && !sessionId) {
          return { status: 'error', code: 'ENGINE_FAILED', message: 'opencode named no session to continue' };
        }
        const args = buildOpencodeArgs({
          ...(index > 0 && sessionId ? { sessionId } : {}),
          ...(model ? { model } : {}),
          ...(this.settings.extraArgs ? { extraArgs: this.settings.extraArgs } : {}),
        });
        const parser = new OpencodeStreamParser({ mcpServers: mcpServers.map((s) => s.name) });
        return { args, stdin: prompt, parser };
      },
      absorb: (parsed) => {
        state.events.push(...parsed.events);
        state.usage = addUsage(state.usage, parsed.usage);
        state.turns += parsed.turns;
        cost += parsed.costUsd;
        sessionId ??= parsed.sessionId;
        if (parsed.finalMessage) state.finalMessage = parsed.finalMessage;
      },
      judge: (parsed, proc) => {
        if (parsed.status === 'error') {
          return { status: 'error', code: 'ENGINE_FAILED', message: redact(parsed.errorMessage ?? 'opencode failed') };
        }
        if (proc.exitCode !== 0) return exitFailure('opencode', proc, 'failed', redact);
        return pastStepLimit(parsed.turns, input.maxTurns);
      },
    });
    return cost;
  }
}

/**
 * opencode's step limit only asks the model to stop: from the step numbered `steps` on, each request carries its
 * MAX_STEPS notice, with the tools still offered. A model that heeds it ends the turn in at most `maxTurns` model
 * requests; one that goes on calling tools made more, and the turn ends as `max-turns`, as an agent that ran past its
 * limit.
 */
export function pastStepLimit(steps: number, maxTurns: number | undefined): RunFailure | undefined {
  if (maxTurns === undefined || steps <= maxTurns) return undefined;
  return {
    status: 'max-turns',
    code: 'MAX_TURNS',
    message:
      `opencode made ${steps} model requests for one user message, past maxTurns ${maxTurns}: its step limit ` +
      'asks the model to answer with text only, and the model went on calling tools.',
  };
}
