import { configuredSettings, parsedPluginSettings, pluginStep, type Registry } from '@skill-eval/core';
import type { Config } from '../policy/config.js';
import { type EngineSpec, kwargsFor } from './engine-target.js';

/** An engine's plugin, its settings from the config and `--ek`, and the model the user named for it. */
export function engineSettings(
  registry: Pick<Registry, 'engine'>,
  spec: EngineSpec,
  config: Config,
  kwargs: Record<string, unknown>,
  trust: boolean,
) {
  const plugin = registry.engine(spec.id);
  // A command the user typed (--ek command=…) or wrote in a config named with -c is theirs to run; one from a config
  // found in the project or from an eval file needs --trust.
  const own = kwargsFor(kwargs, [plugin.id, spec.id, ...(plugin.aliases ?? [])]);
  const trusted = plugin.id === 'command' ? { trusted: trust || config.trusted === true || 'command' in own } : {};
  const raw = { ...configuredSettings(config.engineSettings, plugin), ...own };
  const settings = parsedPluginSettings(plugin, { ...raw, ...trusted });
  // A model the user names (`-e id:model`, `--ek model=…`, the config's) wins over the one a case pins.
  const named = spec.model ?? (typeof raw.model === 'string' ? raw.model : undefined);
  return { plugin, settings, ...(named ? { chosenModel: named } : {}) };
}

/** The engine the plugin creates with those settings. */
export function createEngine(...args: Parameters<typeof engineSettings>) {
  const { plugin, settings } = engineSettings(...args);
  return pluginStep(plugin, 'create()', () => plugin.create(settings));
}
