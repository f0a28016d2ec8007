import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
  priceUsage,
  type SessionRecord,
} from '@skill-eval/engine-kit';
import { buildCopilotArgs, buildCopilotEnv, prepareCopilotHome, usageFile } from './copilot-command.js';
import {
  type CopilotAuth,
  copilotAuth,
  copilotEnvironment,
  describeCopilotAuth,
  missingAuth,
} from './copilot-credentials.js';
import type { CopilotSettings } from './copilot-settings.js';
import { type CopilotParseResult, CopilotStreamParser, readUsageFile } from './copilot-stream.js';
import { INSTALL_HINT } from './install-hint.js';

export const ENGINE_ID = 'copilot';
/** Name of the raw transcript in the artifacts dir. */
export const TRANSCRIPT_FILE = 'copilot-events.jsonl';

export class CopilotEngine extends CliProgramEngine<CopilotSettings> implements Engine {
  readonly id = ENGINE_ID;
  readonly capabilities = { mcp: true };
  /**
   * Copilot CLI 1.0.102's project skills folder: it lists `.github/skills`, `.claude/skills` and `.agents/skills` of
   * the workspace as `project` skills (`session.skills_loaded`, verified by staging a SKILL.md in each; not
   * `.copilot/skills`, which it reads only in the user's HOME). `.github/skills` is the folder its docs name.
   */
  readonly skillRoots = ['.github/skills'] as const;
  readonly environment: readonly string[];

  constructor(settings: CopilotSettings) {
    super(settings, { name: 'copilot', installHint: INSTALL_HINT });
    this.environment = copilotEnvironment(settings);
  }

  /** Copilot runs with a fresh HOME: a token or provider key in the environment, or the user's login linked into it. */
  missingSetup(env: Readonly<Record<string, string | undefined>>): string | undefined {
    return copilotAuth(env, env.HOME, this.settings) ? undefined : missingAuth;
  }

  credential(env: Readonly<Record<string, string | undefined>>): EngineCredential | undefined {
    const auth = copilotAuth(env, env.HOME, this.settings);
    return auth && describeCopilotAuth(auth);
  }

  async run(input: EngineRunInput): Promise<Session> {
    const model = input.model ?? this.settings.model;
    const state = newSessionRecord(model);
    return this.recordExecution(input, state, {
      transcriptFile: TRANSCRIPT_FILE,
      runTurns: async (execution) => {
        const auth = copilotAuth(input.env, input.userHome, this.settings);
        if (!auth) throw new SkillEvalError('ENGINE_FAILED', missingAuth);
        state.version = await this.versionOf(execution.binary).catch(() => undefined);
        // Copilot CLI 1.0.102 has no turn limit of its main agent (no option of `copilot --help`; the turn caps of its
        // runtime are its subagents'): the run is bounded by its wall-clock limit alone.
        if (input.maxTurns !== undefined) {
          state.warnings.push(`copilot has no turn limit; maxTurns ${input.maxTurns} is not enforced.`);
        }
        await prepareCopilotHome(input.home, {
          auth,
          stagedSkills: input.skills.map((skill) => skill.name),
          mcpServers: input.mcpServers ?? [],
          ...(input.system ? { system: input.system } : {}),
        });
        await this.runTurns(input, state, execution, auth, model);
      },
      // Copilot reports tokens (in its usage file) but no price: the cost comes from the price table.
      settle: (settled) => {
        if (settled.model) settled.costUsd = priceUsage(settled.model, settled.usage);
      },
    });
  }

  private async runTurns(
    input: EngineRunInput,
    state: SessionRecord,
    execution: CliExecution,
    auth: CopilotAuth,
    model: string | undefined,
  ): Promise<void> {
    const env = buildCopilotEnv(input, auth, model);
    // The MCP servers' env and headers may hold secrets: they stay in mcp-config.json of the HOME, out of the results.
    const mcpSecrets = (input.mcpServers ?? []).flatMap((s) => [
      ...Object.entries(s.env),
      ...Object.entries(s.headers),
    ]);
    const redact = redactorOf({ ...env, ...Object.fromEntries(mcpSecrets) }).text;
    // Copilot starts a session under an id it is given (`--session-id`) and continues it with `--resume <id>`.
    const sessionId = randomUUID();
    await this.driveTurns<CopilotParseResult>(execution, {
      input,
      env,
      redact,
      record: state,
      startTurn: (index, prompt) => {
        const args = buildCopilotArgs({
          ...(input.turns.length > 1 ? { sessionId, resume: index > 0 } : {}),
          ...(model ? { model } : {}),
          usageFile: usageFile(input.home, index),
          ...(this.settings.extraArgs ? { extraArgs: this.settings.extraArgs } : {}),
        });
        return { args, stdin: prompt, parser: new CopilotStreamParser() };
      },
      absorb: (parsed, index) => {
        state.events.push(...parsed.events);
        state.turns += parsed.turns;
        state.model = parsed.model ?? state.model;
        if (parsed.finalMessage) state.finalMessage = parsed.finalMessage;
        const usage = readUsage(usageFile(input.home, index));
        if (usage) state.usage = addUsage(state.usage, usage);
      },
      judge: (parsed, proc) => {
        if (parsed.status === 'error') {
          return { status: 'error', code: 'ENGINE_FAILED', message: redact(parsed.errorMessage ?? 'copilot failed') };
        }
        if (parsed.status !== 'completed' || proc.exitCode !== 0) {
          return exitFailure('copilot', proc, 'ended without a result event', redact);
        }
        return undefined;
      },
    });
  }
}

/** The tokens of a turn's usage file; none when the process ended before writing it (a stop, a crash). */
function readUsage(path: string) {
  try {
    return readUsageFile(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}
