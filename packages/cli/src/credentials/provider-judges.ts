import type { Engine } from '@skill-eval/core';
import type { Judge } from '@skill-eval/grading';
import { engineJudge } from '@skill-eval/runner';

type Env = Record<string, string | undefined>;

/** The bundled API engine that judges with each provider's models. */
const PROVIDER_JUDGE_ENGINES: Readonly<Record<string, string>> = { anthropic: 'anthropic', openai: 'openai' };

/** A judge whose engine is made on its first call: most runs never judge a case that pins another provider. */
function lazyJudge(engineId: string, engine: () => Promise<Engine>, env: Env, model?: string): Judge {
  let made: Promise<Judge> | undefined;
  const judge = () => {
    made ??= engine().then((e) => engineJudge(e, { ...(model ? { model } : {}), env }));
    return made;
  };
  return {
    engine: engineId,
    ...(model ? { model } : {}),
    withModel: (pinned) => lazyJudge(engineId, engine, env, pinned),
    complete: async (request) => (await judge()).complete(request),
  };
}

/**
 * Judges for the providers a case's own judge may name (skill-up's `agent_judge.model: openai/gpt-4.1`): the bundled
 * API engine of that provider, which finds its key and endpoint in `<PROVIDER>_API_KEY` / `<PROVIDER>_BASE_URL` as
 * skill-up's judge does. Undefined for a provider skill-eval has no engine for (the case's note then says so).
 */
export function providerJudges(
  createEngine: (engineId: string) => Promise<Engine>,
  env: Env,
): (provider: string) => Judge | undefined {
  const engines = new Map<string, Promise<Engine>>();
  return (provider) => {
    const engineId = PROVIDER_JUDGE_ENGINES[provider];
    if (!engineId) return undefined;
    const engine = () => {
      if (!engines.has(engineId)) engines.set(engineId, createEngine(engineId));
      return engines.get(engineId)!;
    };
    return lazyJudge(engineId, engine, env);
  };
}
