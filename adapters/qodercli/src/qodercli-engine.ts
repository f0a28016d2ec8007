import { join } from 'node:path';
import {
  type Engine,
  type EngineCredential,
  type EngineRunInput,
  executionTempDir,
  redactorOf,
  type Session,
} from '@skill-eval/core';
import { StreamJsonParser, StreamJsonTurns, type StreamParseResult } from '@skill-eval/engine-claude-code';
import {
  type CliExecution,
  CliProgramEngine,
  exitFailure,
  newSessionRecord,
  type SessionRecord,
} from '@skill-eval/engine-kit';
import { makeFolders, writeInAgentFolderSync } from '@skill-eval/engine-kit/agent-files';
import { INSTALL_HINT, LOGIN_HINT } from './install-hint.js';
import { buildQodercliArgs, buildQodercliEnv, qodercliConfigDir, TOKEN_VAR } from './qodercli-command.js';
import { isNotLoggedIn, type QodercliResultExtras, readQodercliExtras } from './qodercli-extras.js';
import { linkLogin, qodercliCredential, userLoginDir } from './qodercli-login.js';
import type { QodercliSettings } from './qodercli-settings.js';

export const ENGINE_ID = 'qodercli';
/** Raw stream of every turn, as qodercli printed it (secrets redacted). */
export const TRANSCRIPT_FILE = 'qodercli-stream.jsonl';
/** `total_credits` of each turn; Session has no field for credits. */
export const CREDITS_FILE = 'qodercli-credits.json';

interface RunState extends SessionRecord {
  /** `total_credits` of each turn, as reported. */
  credits: { turn: number; totalCredits: number }[];
}

export class QodercliEngine extends CliProgramEngine<QodercliSettings> implements Engine {
  readonly id = ENGINE_ID;
  readonly skillRoots = ['.qoder/skills'] as const;
  readonly capabilities = { nextTurn: true };

  /** The access token, and where the user's own login state lives. */
  readonly environment = [TOKEN_VAR, 'QODER_CONFIG_DIR'];

  constructor(settings: QodercliSettings) {
    super(settings, { name: 'qodercli', installHint: INSTALL_HINT });
  }

  missingSetup(env: Readonly<Record<string, string | undefined>>): string | undefined {
    return this.credential(env) ? undefined : `qodercli has neither an access token nor a login. ${LOGIN_HINT}`;
  }

  credential(env: Readonly<Record<string, string | undefined>>): EngineCredential | undefined {
    return qodercliCredential(env, env.HOME);
  }

  async run(input: EngineRunInput): Promise<Session> {
    const state: RunState = { ...newSessionRecord(input.model ?? this.settings.model), credits: [] };
    return this.recordExecution(input, state, {
      transcriptFile: TRANSCRIPT_FILE,
      runTurns: async (execution) => {
        // Without a token qodercli falls back to its local login state, which lives in the user's config dir.
        const login = input.env[TOKEN_VAR] ? undefined : userLoginDir(input.env, input.userHome);
        if (login) await linkLogin(login, qodercliConfigDir(input.home));
        await makeFolders(input.home, executionTempDir(input.home));
        await this.runTurns(input, state, execution);
        if (state.credits.length > 0) {
          // Written after the agent ran, in a folder it can write: what it left at the name is replaced, not followed.
          writeInAgentFolderSync(
            join(input.artifactsDir, CREDITS_FILE),
            `${JSON.stringify({ turns: state.credits }, null, 2)}\n`,
          );
        }
      },
    });
  }

  private async runTurns(input: EngineRunInput, state: RunState, execution: CliExecution): Promise<void> {
    const env = buildQodercliEnv(input);
    const redact = redactorOf(env).text;
    const turns = new StreamJsonTurns(state);
    try {
      await this.driveTurns<StreamParseResult<QodercliResultExtras>>(execution, {
        input,
        env,
        redact,
        record: state,
        startTurn: (index, prompt) => {
          if (index > 0 && !turns.sessionId) {
            const message = 'qodercli reported no session id, so turn 2 cannot resume.';
            return { status: 'error', code: 'ENGINE_FAILED', message };
          }
          const args = buildQodercliArgs({
            prompt,
            permissionMode: this.settings.permissionMode,
            resume: index > 0 ? turns.sessionId : undefined,
            model: input.model ?? this.settings.model,
            maxTurns: input.maxTurns ?? this.settings.maxTurns,
            system: input.system,
            allowedTools: this.settings.allowedTools,
            extraArgs: this.settings.extraArgs,
          });
          return { args, parser: new StreamJsonParser({ readResultExtras: readQodercliExtras }) };
        },
        absorb: (parsed, index) => {
          turns.absorb(parsed);
          // qodercli bills credits and reports total_cost_usd as 0: a 0 would claim the run was free.
          if (parsed.costUsd) state.costUsd = (state.costUsd ?? 0) + parsed.costUsd;
          if (parsed.extras?.credits !== undefined) {
            state.credits.push({ turn: index + 1, totalCredits: parsed.extras.credits });
          }
        },
        judge: (parsed, proc) => {
          if (parsed.status === 'max-turns') {
            return { status: 'max-turns', code: 'MAX_TURNS', message: parsed.errorMessage ?? '' };
          }
          if (parsed.status === 'error') {
            const why = redact(parsed.errorMessage ?? '');
            if (!isNotLoggedIn(why)) return { status: 'error', code: 'ENGINE_FAILED', message: why };
            // The answer text is not the agent's: keep it out of finalMessage so no check passes on it.
            state.finalMessage = '';
            const message = `qodercli is not logged in ("${why}"). ${LOGIN_HINT}`;
            return { status: 'error', code: 'ENGINE_FAILED', message };
          }
          if (parsed.status !== 'completed')
            return exitFailure('qodercli', proc, 'ended without a result event', redact);
          return undefined;
        },
      });
    } finally {
      turns.settle();
    }
  }
}
