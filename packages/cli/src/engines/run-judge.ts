import { type Engine, pluginStep, type Registry } from '@skill-eval/core';
import type { Judge } from '@skill-eval/grading';
import { engineJudge } from '@skill-eval/runner';
import { providerJudges } from '../credentials/provider-judges.js';
import { bundledEngine } from '../plugins/bundled.js';
import type { RoutableJudge } from '../recording/traffic-context.js';
import type { RunSettings } from '../run/run-settings.js';
import { createEngine, engineSettings } from './engine-settings.js';
import { judgeSetupError } from './judge-setup-text.js';

/** The judge of a run whose cases need one, and what record/replay need to route its calls. */
export interface RunJudge {
  judge: Judge;
  engine: Engine;
  routable: RoutableJudge;
}

/** Creates the run's judge engine and checks its program; its model is the one the user named, else its default. */
export async function runJudge(
  registry: Registry,
  { judgeSpec, judgeNamed, config, kwargs }: RunSettings,
  trust: boolean,
  env: Record<string, string | undefined>,
): Promise<RunJudge> {
  // The judge takes only settings scoped to it (`--ek anthropic.model=…`): unscoped ones are for the run's engines.
  const scoped = Object.fromEntries(Object.entries(kwargs).filter(([key]) => key.includes('.')));
  let engine: Engine;
  try {
    engine = createEngine(registry, judgeSpec, config, scoped, trust);
  } catch (error) {
    throw judgeSetupError(error, judgeSpec.id);
  }
  // Fails fast, with an install hint, when the judge's program is missing: claude-code's completions run claude too.
  await pluginStep(registry.engine(judgeSpec.id), 'version()', () => engine.version()).catch((error: unknown) => {
    throw judgeSetupError(error, judgeSpec.id);
  });
  const model = judgeSpec.model ?? engine.defaultModel;
  const { settings, chosenModel } = engineSettings(registry, judgeSpec, config, scoped, trust);
  // A judge model the user named wins over the one a case pins for its judge.
  const modelChosen = chosenModel !== undefined;
  // A case's own judge may name another provider's model: unless the user chose the judge, that provider judges it.
  const forProvider = judgeNamed
    ? undefined
    : providerJudges(async (id) => {
        const { default: plugin } = await bundledEngine(id)!.load();
        return createEngine({ engine: () => plugin }, { id }, config, scoped, trust);
      }, env);
  const judge = engineJudge(engine, {
    ...(model ? { model } : {}),
    modelChosen,
    env,
    settings,
    ...(forProvider ? { forProvider } : {}),
  });
  const routable: RoutableJudge = {
    engineId: engine.id,
    baseUrl: (settings as { baseUrl?: string }).baseUrl,
    settings,
    create: (baseUrl, routedEnv) => {
      const routed = { ...scoped, [`${judgeSpec.id}.baseUrl`]: baseUrl };
      const routedEngine = createEngine(registry, judgeSpec, config, routed, trust);
      return engineJudge(routedEngine, { ...(model ? { model } : {}), modelChosen, env: routedEnv });
    },
  };
  return { judge, engine, routable };
}
