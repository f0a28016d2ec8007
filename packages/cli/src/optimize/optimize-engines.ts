import { type Registry, SkillEvalError } from '@skill-eval/core';
import { engineJudge } from '@skill-eval/runner';
import { createEngine, engineSettings } from '../engines/engine-settings.js';
import type { OptimizeSettings } from './optimize-settings.js';

/**
 * The engine the trigger runs use (its version read) and the proposer, whose model writes the next description; each
 * checked for the setup it needs (a key) before anything runs.
 */
export async function optimizeEngines(
  registry: Registry,
  { engineSpec, judgeSpec, config, kwargs, trust }: OptimizeSettings,
  env: Record<string, string | undefined>,
) {
  const engine = createEngine(registry, engineSpec, config, kwargs, trust);
  const version = await engine.version();
  const proposerEngine = judgeSpec === engineSpec ? engine : createEngine(registry, judgeSpec, config, kwargs, trust);
  for (const [role, e] of [
    ['--engine', engine],
    ['--judge', proposerEngine],
  ] as const) {
    const missing = e.missingSetup?.(env);
    if (missing) throw new SkillEvalError('USAGE', `${role} ${e.id}: ${missing}`);
  }
  const proposerModel = judgeSpec.model ?? proposerEngine.defaultModel;
  const proposer = engineJudge(proposerEngine, {
    ...(proposerModel ? { model: proposerModel } : {}),
    env,
    settings: engineSettings(registry, judgeSpec, config, kwargs, trust).settings,
  });
  return { engine, version, proposer };
}
