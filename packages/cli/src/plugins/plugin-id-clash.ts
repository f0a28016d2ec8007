import { type AnyPlugin, normalizePluginId, SkillEvalError } from '@skill-eval/core';
import { BUNDLED_ENGINES, BUNDLED_ENVIRONMENTS, BUNDLED_FORMATS, BUNDLED_REPORTERS } from './bundled.js';

const BUNDLED: Record<AnyPlugin['contract'], readonly { id: string; aliases: string[] }[]> = {
  'format-v1': BUNDLED_FORMATS,
  'engine-v1': BUNDLED_ENGINES,
  'reporter-v1': BUNDLED_REPORTERS,
  'environment-v1': BUNDLED_ENVIRONMENTS,
};

const namesOf = (plugin: AnyPlugin): string[] => [plugin.id, ...(('aliases' in plugin && plugin.aliases) || [])];

/** The first of the plugin's names (id, aliases) that a bundled plugin of its kind has, with that plugin's id. */
function bundledClash(plugin: AnyPlugin): { name: string; bundledId: string } | undefined {
  for (const name of namesOf(plugin)) {
    const id = normalizePluginId(name);
    const bundled = BUNDLED[plugin.contract].find((b) => [b.id, ...b.aliases].some((n) => normalizePluginId(n) === id));
    if (bundled) return { name, bundledId: bundled.id };
  }
  return undefined;
}

const clashError = (named: string, kind: string, name: string, holder: string, fix: string) =>
  new SkillEvalError('PLUGIN_CONTRACT', `${named} declares the ${kind} id '${name}', which ${holder} already has.`, {
    hint: `Give the plugin an id of its own (and aliases no other ${kind} has), or ${fix}.`,
  });

/**
 * Refuses a plugin that takes the id or an alias of a bundled plugin of its kind: it would silently stand in for it
 * (`-e skill-eval-engine-x` running as `claude-code`). `named` names the plugin for the message (`Engine plugin
 * 'skill-eval-engine-x'`), `fix` says what else the user can do.
 */
export function refuseBundledId(plugin: AnyPlugin, named: string, fix: string): void {
  const clash = bundledClash(plugin);
  if (!clash) return;
  const kind = plugin.contract.replace(/-v\d+$/, '');
  throw clashError(named, kind, clash.name, `skill-eval's own ${kind} '${clash.bundledId}'`, fix);
}

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
    const named = `Plugin '${spec}' in ${config}`;
    const fix = 'remove it from the plugins list';
    refuseBundledId(plugin, named, fix);
    const kind = plugin.contract.replace(/-v\d+$/, '');
    for (const name of namesOf(plugin)) {
      const id = normalizePluginId(name);
      const other = taken.get(`${plugin.contract}:${id}`);
      // The same module named twice (by package name and by path) is one plugin.
      if (other && other.plugin !== plugin) throw clashError(named, kind, name, `the plugin '${other.spec}'`, fix);
      taken.set(`${plugin.contract}:${id}`, { spec, plugin });
    }
  }
}
