import type { EngineTarget } from '@skill-eval/runner';

type Env = Record<string, string | undefined>;

/** The variable the engines that read a fixed one send their key from (the others name theirs in `apiKeyEnv`). */
const FIXED_KEY_VARIABLE: Readonly<Record<string, string>> = { 'claude-code': 'ANTHROPIC_API_KEY' };

/** The variable an engine sends its model key from: its `apiKeyEnv` setting, else the one its program reads. */
export function apiKeyVariable(engineId: string, settings: unknown): string | undefined {
  const named = (settings as { apiKeyEnv?: unknown } | undefined)?.apiKeyEnv;
  return typeof named === 'string' && named ? named : FIXED_KEY_VARIABLE[engineId];
}

export interface ApiKeyEnvs {
  /** The run's environment with the key in each engine's key variable: the command line wins over every file. */
  env: Env;
  /** The judge's: the key only where the environment has none, as skill-up's judge inherits the agent's key. */
  judgeEnv: Env;
  /** Engines that take no key from `--api-key`, each with what it signs in with instead. */
  notes: string[];
}

/**
 * skill-up's `--api-key`: the key of the run's engines. Each engine gets it in the variable it sends its key from, over
 * the environment, `.env` and `~/.skill-up/credentials.yaml`. The key lives only in the environment the run hands
 * its engines, so every file of the run has it redacted as any key of the environment is; it is never recorded.
 */
export function withApiKey(key: string | undefined, targets: readonly EngineTarget[], env: Env): ApiKeyEnvs {
  if (key === undefined) return { env, judgeEnv: env, notes: [] };
  const keyed: Env = { ...env };
  const judgeEnv: Env = { ...env };
  const notes: string[] = [];
  for (const target of targets) {
    const variable = apiKeyVariable(target.engine.id, target.settings);
    if (!variable) {
      // skill-up too leaves qodercli's token and a custom engine's own variables to the engine.
      notes.push(
        `--api-key is not used by ${target.id}: it signs in its own way (${target.engine.id === 'qodercli' ? 'QODER_PERSONAL_ACCESS_TOKEN or its login' : 'the variables its settings name'}).`,
      );
      continue;
    }
    keyed[variable] = key;
    if (!env[variable]) judgeEnv[variable] = key;
  }
  return { env: keyed, judgeEnv, notes };
}
