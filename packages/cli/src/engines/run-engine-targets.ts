import { isSkillEvalError, pluginStep, type Suite } from '@skill-eval/core';
import type { EngineTarget } from '@skill-eval/runner';
import type { BuiltRegistry } from '../plugins/build-registry.js';
import type { RunSettings } from '../run/run-settings.js';
import { customEngineTargets } from './custom-engine-targets.js';
import { createEngine, engineSettings } from './engine-settings.js';
import { engineTargetIds } from './engine-target.js';

/**
 * The engines the run's executions go to: the suites' own (skill-up `engine.custom`) when no engine was chosen, then
 * the chosen (or default) engines for every other suite, each created and its program checked.
 */
export async function runEngineTargets(
  loaded: BuiltRegistry & { suites: Suite[] },
  settings: RunSettings,
  context: { trust: boolean; cwd: string /** The executions run in containers or sandboxes. */; confined: boolean },
): Promise<EngineTarget[]> {
  const { registry, engineIds, enginePackageVersions, suites } = loaded;
  const { engineSpecs, config, kwargs } = settings;
  const custom = settings.suiteEnginesAllowed
    ? await customEngineTargets(suites, registry, context.trust, context.cwd, enginePackageVersions.get('command'))
    : [];
  const otherSuites = suites.filter((s) => !custom.some((t) => t.suites?.includes(s.id)));
  const engines: EngineTarget[] = [...custom];
  const targetIds = engineTargetIds(engineSpecs, (spec) => engineIds.get(spec.id) ?? registry.engine(spec.id).id);
  // The default engine is built (and its program checked) only when some suite still needs it.
  for (const [i, spec] of (otherSuites.some((s) => s.cases.length) ? engineSpecs : []).entries()) {
    const engine = createEngine(registry, spec, config, kwargs, context.trust);
    // Fails fast, with an install hint, when the engine's program is missing — unless the executions run in
    // containers or sandboxes, whose image may hold it. The plugin's own faults name it.
    const version = await pluginStep(registry.engine(spec.id), 'version()', () => engine.version()).catch(
      (error: unknown) => {
        if (context.confined && isSkillEvalError(error) && error.code === 'ENGINE_NOT_FOUND') return undefined;
        throw error;
      },
    );
    const { settings: engineOwn, chosenModel } = engineSettings(registry, spec, config, kwargs, context.trust);
    engines.push({
      id: targetIds[i]!,
      engine,
      version,
      packageVersion: enginePackageVersions.get(engine.id),
      settings: engineOwn,
      ...(chosenModel ? { model: chosenModel } : {}),
      ...(custom.length ? { suites: otherSuites.map((s) => s.id) } : {}),
    });
  }
  return engines;
}
