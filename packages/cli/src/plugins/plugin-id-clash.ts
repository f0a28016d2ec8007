import { type AnyPlugin, normalizePluginId, SkillEvalError } from '@skill-eval/core';
import { BUNDLED_ENGINES, BUNDLED_ENVIRONMENTS, BUNDLED_FORMATS, BUNDLED_REPORTERS } from './bundled.js';

const BUNDLED: Record<AnyPlugin['contract'], readonly { id: string; aliases: string[] }[]> = {
  'format-v1': BUNDLED_FORMATS,
  'engine-v1': BUNDLED_ENGINES,
  'reporter-v1': BUNDLED_REPORTERS,
  'environment-v1': BUNDLED_ENVIRONMENTS,
};

const namesOf = (plugin: AnyPlugin): string[] => [plugin.id, ...(('aliases' in plugin && plugin.aliases) || [])];

/**
 * Refuses config plugins whose id or alias is already taken, by a bundled plugin of their kind or by another config
 * plugin: one would silently stand in for the other (`-e command` running someone else's engine). The message names
 * the plugin as the config lists it.
 */
export function refuseTakenPluginIds(
  loaded: readonly { spec: string; plugin: AnyPlugin }[],
  configFile?: string,
): void {
  const config = configFile ?? 'the config';
  const taken = new Map<string, { spec: string; plugin: AnyPlugin }>();
  for (const { spec, plugin } of loaded) {
    const kind = plugin.contract.replace(/-v\d+$/, '');
    for (const name of namesOf(plugin)) {
      const id = normalizePluginId(name);
      const bundled = BUNDLED[plugin.contract].find((b) =>
        [b.id, ...b.aliases].some((n) => normalizePluginId(n) === id),
      );
      const other = taken.get(`${plugin.contract}:${id}`);
      // The same module named twice (by package name and by path) is one plugin.
      const holder = bundled
        ? `skill-eval's own ${kind} '${bundled.id}'`
        : other && other.plugin !== plugin && `the plugin '${other.spec}'`;
      if (holder) {
        throw new SkillEvalError(
          'PLUGIN_CONTRACT',
          `Plugin '${spec}' in ${config} declares the ${kind} id '${name}', which ${holder} already has.`,
          {
            hint: `Give the plugin an id of its own (and aliases no other ${kind} has), or remove it from the plugins list.`,
          },
        );
      }
      taken.set(`${plugin.contract}:${id}`, { spec, plugin });
    }
  }
}
