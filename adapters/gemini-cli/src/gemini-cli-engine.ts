import { randomUUID } from 'node:crypto';
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
import type { GeminiCliSettings } from './gemini-cli-settings.js';
import {
  buildGeminiArgs,
  buildGeminiEnv,
  fenceGeminiEnvFile,
  type GeminiTurn,
  geminiPrompt,
  prepareGeminiHome,
} from './gemini-command.js';
import {
  describeGeminiAuth,
  GEMINI_ENVIRONMENT,
  type GeminiAuth,
  geminiAuth,
  missingAuth,
} from './gemini-credentials.js';
import { type GeminiParseResult, GeminiStreamParser } from './gemini-stream.js';
import { INSTALL_HINT } from './install-hint.js';

export const ENGINE_ID = 'gemini-cli';
/** Name of the raw transcript in the artifacts dir. */
export const TRANSCRIPT_FILE = 'gemini-stream.jsonl';

export class GeminiCliEngine extends CliProgramEngine<GeminiCliSettings> implements Engine {
  readonly id = ENGINE_ID;
  readonly capabilities = { mcp: true, nextTurn: true };
  /**
   * Workspace skills (Storage.getProjectSkillsDir of gemini 0.61.0, bundle/chunk-JDPZ4CE3.js:253361: `<workspace>/.gemini/skills`,
   * discovered by SkillManager.discoverSkills, :364539, in a trusted folder).
   */
  readonly skillRoots = ['.gemini/skills'] as const;
  readonly environment = GEMINI_ENVIRONMENT;

  constructor(settings: GeminiCliSettings) {
    // gemini 0.61.0 prints a version built into its bundle, the package's (getVersion, bundle/chunk-JDPZ4CE3.js:306592),
    // after loading the whole bundle: 1.7 s of CPU that the package's manifest saves.
    super(settings, { name: 'gemini', installHint: INSTALL_HINT, npmPackage: '@google/gemini-cli' });
  }

  /** gemini runs with a fresh HOME: a key in the environment, or the user's "Login with Google" linked into it. */
  missingSetup(env: Readonly<Record<string, string | undefined>>): string | undefined {
    return geminiAuth(env, env.HOME) ? undefined : missingAuth;
  }

  credential(env: Readonly<Record<string, string | undefined>>): EngineCredential | undefined {
    const auth = geminiAuth(env, env.HOME);
    return auth && describeGeminiAuth(auth);
  }

  async run(input: EngineRunInput): Promise<Session> {
    const state = newSessionRecord(input.model ?? this.settings.model);
    return this.recordExecution(input, state, {
      transcriptFile: TRANSCRIPT_FILE,
      runTurns: async (execution) => {
        const auth = geminiAuth(input.env, input.userHome);
        if (!auth) throw new SkillEvalError('ENGINE_FAILED', missingAuth);
        state.version = await this.versionOf(execution.binary).catch(() => undefined);
        await prepareGeminiHome(input.home, {
          auth,
          maxTurns: input.maxTurns ?? this.settings.maxTurns,
          stagedSkills: input.skills.map((skill) => skill.name),
          mcpServers: input.mcpServers ?? [],
          ...(input.system ? { system: input.system } : {}),
        });
        await fenceGeminiEnvFile(input.workspace);
        await this.runTurns(input, state, execution, auth);
      },
      // gemini reports tokens but no price, so the cost comes from the price table (when it lists the model).
      settle: (settled) => {
        if (settled.model) settled.costUsd = priceUsage(settled.model, settled.usage);
      },
    });
  }

  private async runTurns(
    input: EngineRunInput,
    state: SessionRecord,
    execution: CliExecution,
    auth: GeminiAuth,
  ): Promise<void> {
    const env = buildGeminiEnv(input, this.settings, auth);
    const mcpServers = input.mcpServers ?? [];
    // The servers' env and headers may hold secrets: they stay in the settings file of the HOME, out of the results.
    const mcpSecrets = mcpServers.flatMap((s) => [...Object.entries(s.env), ...Object.entries(s.headers)]);
    const redact = redactorOf({ ...env, ...Object.fromEntries(mcpSecrets) }).text;
    // gemini resumes a session by the id it was started with (`--session-id`, then `--resume <id>`).
    const sessionId = randomUUID();
    let resultDurations = 0;
    let everyTurnTimed = true;
    await this.driveTurns<GeminiParseResult>(execution, {
      input,
      env,
      redact,
      record: state,
      startTurn: (index, prompt) => {
        const turn: GeminiTurn =
          input.turns.length === 1 && !input.nextTurn
            ? { kind: 'single' }
            : index === 0
              ? { kind: 'first', sessionId }
              : { kind: 'resume', sessionId };
        const model = input.model ?? this.settings.model;
        const args = buildGeminiArgs({
          turn,
          approvalMode: this.settings.approvalMode,
          ...(model ? { model } : {}),
          ...(this.settings.extraArgs ? { extraArgs: this.settings.extraArgs } : {}),
        });
        const parser = new GeminiStreamParser({ mcpServers: mcpServers.map((s) => s.name) });
        const given = geminiPrompt(prompt);
        return { args: [...args, ...given.args], ...(given.stdin === undefined ? {} : { stdin: given.stdin }), parser };
      },
      absorb: (parsed) => {
        state.events.push(...parsed.events);
        state.usage = addUsage(state.usage, parsed.usage);
        state.turns += parsed.turns;
        state.model = parsed.model ?? state.model;
        if (parsed.finalMessage) state.finalMessage = parsed.finalMessage;
        if (parsed.durationMs !== undefined) resultDurations += parsed.durationMs;
        else everyTurnTimed = false;
      },
      judge: (parsed, proc) => {
        if (parsed.status === 'max-turns') {
          return { status: 'max-turns', code: 'MAX_TURNS', message: redact(parsed.errorMessage ?? '') };
        }
        if (parsed.status === 'error') {
          return { status: 'error', code: 'ENGINE_FAILED', message: redact(parsed.errorMessage ?? 'gemini failed') };
        }
        if (parsed.status !== 'completed' || proc.exitCode !== 0) {
          return exitFailure('gemini', proc, 'ended without a result event', redact);
        }
        return undefined;
      },
    });
    // A completed run takes the time gemini measured, when it measured every turn.
    if (everyTurnTimed && state.status === 'completed' && !state.stoppedEarly) state.durationMs = resultDurations;
  }
}
