import { isSkillEvalError, SkillEvalError } from './errors.js';
import type { AnyPlugin, EnginePlugin, EnvironmentPlugin, FormatPlugin, ReporterPlugin } from './plugin.js';

/**
 * Runs one step of a plugin's own code, synchronous or not (`version()`). A SkillEvalError it throws (settings it
 * refuses) passes as it is; anything else is the plugin's fault, named as such rather than reported as a bug of
 * skill-eval.
 */
export function pluginStep<T>(plugin: AnyPlugin, step: string, call: () => T): T {
  const named = (error: unknown): unknown => {
    if (isSkillEvalError(error)) return error;
    const kind = plugin.contract.replace(/-v\d+$/, '');
    const message = error instanceof Error ? error.message : String(error);
    return new SkillEvalError('PLUGIN_CONTRACT', `The ${kind} plugin '${plugin.id}' failed in ${step}: ${message}`, {
      cause: error,
      hint: 'This is a fault of the plugin, not of your eval files: report it to its author, or leave it out.',
    });
  };
  try {
    const result = call();
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        throw named(error);
      }) as T;
    }
    return result;
  } catch (error) {
    throw named(error);
  }
}

/** Settings `raw` as the plugin reads them (`parseSettings`), its faults named by {@link pluginStep}. */
export const parsedPluginSettings = <S>(
  plugin: FormatPlugin<S> | EnginePlugin<S> | ReporterPlugin<S> | EnvironmentPlugin<S>,
  raw: unknown,
): S => pluginStep(plugin, 'parseSettings()', () => plugin.parseSettings(raw));

/** The plugin configured with `raw` settings: `create(parseSettings(raw))`, its faults named by {@link pluginStep}. */
export function configurePlugin<S>(plugin: FormatPlugin<S>, raw: unknown): ReturnType<FormatPlugin<S>['create']>;
export function configurePlugin<S>(plugin: EnginePlugin<S>, raw: unknown): ReturnType<EnginePlugin<S>['create']>;
export function configurePlugin<S>(plugin: ReporterPlugin<S>, raw: unknown): ReturnType<ReporterPlugin<S>['create']>;
export function configurePlugin<S>(
  plugin: EnvironmentPlugin<S>,
  raw: unknown,
): ReturnType<EnvironmentPlugin<S>['create']>;
export function configurePlugin<S>(
  plugin: FormatPlugin<S> | EnginePlugin<S> | ReporterPlugin<S> | EnvironmentPlugin<S>,
  raw: unknown,
) {
  const settings = parsedPluginSettings(plugin, raw);
  return pluginStep(plugin, 'create()', () => plugin.create(settings));
}
