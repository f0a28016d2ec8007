import { SkillEvalError } from '@skill-eval/core';
import type { EngineTarget } from '@skill-eval/runner';
import { type EndpointFamily, endpointFamily, type RoutableJudge } from './traffic-context.js';

/**
 * How record and replay reach the copilot engine. Copilot CLI talks to a model skill-eval can redirect only on a
 * bring-your-own-key provider (its `COPILOT_PROVIDER_*` variables), which the engine chooses by its `provider`
 * setting or the user's `COPILOT_PROVIDER_BASE_URL`, and whose endpoint it takes from the provider API's own variable
 * first — `OPENAI_BASE_URL` (type `openai`, the default) or `ANTHROPIC_BASE_URL` (type `anthropic`), the variables
 * record and replay set — then from `COPILOT_PROVIDER_BASE_URL` (engine-copilot's copilot-credentials.ts, byokAuth).
 * On a GitHub login or token its traffic goes to GitHub's Copilot API instead, which neither mode redirects.
 */
export const COPILOT_ENGINE = 'copilot';

type Env = Readonly<Record<string, string | undefined>>;

/** The provider API a copilot target runs on, as the engine picks it: its setting, else `COPILOT_PROVIDER_TYPE`. */
function copilotProvider(settings: { provider?: unknown }, env: Env): 'openai' | 'anthropic' {
  if (settings.provider === 'anthropic' || settings.provider === 'openai') return settings.provider;
  return env.COPILOT_PROVIDER_TYPE?.trim().toLowerCase() === 'anthropic' ? 'anthropic' : 'openai';
}

/**
 * The API family a judge's calls are routed by: a copilot judge's is its provider's (its `baseUrl` setting is then
 * that API's endpoint), any other engine's its plugin's.
 */
export function judgeFamily(judge: RoutableJudge, env: Env): EndpointFamily | undefined {
  if (judge.engineId !== COPILOT_ENGINE) return endpointFamily(judge.engineId);
  return copilotProvider((judge.settings ?? {}) as { provider?: unknown }, env);
}

/**
 * `--record` of a copilot target is refused when its traffic would not go through the recorder as it would go without
 * it: on a GitHub login or token (no provider chosen), or when its endpoint is `COPILOT_PROVIDER_BASE_URL` alone — the
 * recorder forwards to `OPENAI_BASE_URL` / `ANTHROPIC_BASE_URL`, so the key would go to the provider's public endpoint.
 */
export function assertCopilotRecordable(
  targets: readonly EngineTarget[],
  judge: RoutableJudge | undefined,
  env: Env,
): void {
  const copilots = targets
    .filter((target) => target.engine.id === COPILOT_ENGINE)
    .map((target) => ({ id: target.id, settings: target.settings }));
  // A judge on copilot is routed by its `baseUrl` setting, which chooses a provider by itself.
  if (judge?.engineId === COPILOT_ENGINE && judge.baseUrl === undefined) {
    copilots.push({ id: `${COPILOT_ENGINE} (the judge)`, settings: judge.settings });
  }
  for (const target of copilots) {
    const settings = (target.settings ?? {}) as { provider?: unknown };
    if (settings.provider === undefined && !env.COPILOT_PROVIDER_BASE_URL) {
      throw new SkillEvalError(
        'USAGE',
        `--record cannot redirect engine ${target.id}: on a GitHub login or token Copilot talks to GitHub's Copilot API, which is not recorded.`,
        {
          hint: `Run it on a bring-your-own-key provider: --ek ${COPILOT_ENGINE}.provider=openai with OPENAI_API_KEY (and OPENAI_BASE_URL), or provider=anthropic with ANTHROPIC_API_KEY.`,
        },
      );
    }
    const variable = copilotProvider(settings, env) === 'anthropic' ? 'ANTHROPIC_BASE_URL' : 'OPENAI_BASE_URL';
    if (env.COPILOT_PROVIDER_BASE_URL && !env[variable]) {
      throw new SkillEvalError(
        'USAGE',
        `--record cannot redirect engine ${target.id}: its endpoint is COPILOT_PROVIDER_BASE_URL, and the recorder forwards to ${variable}.`,
        { hint: `Set ${variable} to that endpoint as well.` },
      );
    }
  }
}

/**
 * What a replayed execution adds for copilot: `COPILOT_PROVIDER_BASE_URL`, so that Copilot runs on a provider (the
 * replay server, through `OPENAI_BASE_URL` / `ANTHROPIC_BASE_URL`) even where the recording's provider was chosen by
 * the user's variable — never on GitHub — and none of the user's provider keys, so the placeholder key is the one sent.
 */
export function copilotReplayEnv(openaiUrl: string): Record<string, string | undefined> {
  return {
    COPILOT_PROVIDER_BASE_URL: openaiUrl,
    COPILOT_PROVIDER_API_KEY: undefined,
    COPILOT_PROVIDER_BEARER_TOKEN: undefined,
  };
}
