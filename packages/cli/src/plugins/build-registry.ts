import {
  type AnyPlugin,
  createRegistry,
  type EnginePlugin,
  type FormatPlugin,
  normalizePluginId,
  pluginPackageNames,
  type Registry,
  type ReporterPlugin,
  SkillEvalError,
} from '@skill-eval/core';
import { BUNDLED_ENGINES, BUNDLED_FORMATS, BUNDLED_REPORTERS } from './bundled.js';
import { importPlugin } from './import-plugin.js';

export interface RegistryRequest {
  /** Engine ids (or package names / paths) the command will use. */
  engines: string[];
  /** Plugin modules named in the config's `plugins` list. */
  plugins: string[];
  cwd: string;
}

export interface BuiltRegistry {
  registry: Registry;
  /** Each requested engine spec → the id it resolved to. */
  engineIds: Map<string, string>;
}

async function resolveEngine(spec: string, cwd: string, extra: EnginePlugin<any>[]): Promise<EnginePlugin<any>> {
  const id = normalizePluginId(spec);
  const fromConfig = extra.find(
    (p) => normalizePluginId(p.id) === id || p.aliases?.some((a) => normalizePluginId(a) === id),
  );
  if (fromConfig) return fromConfig;
  const bundled = BUNDLED_ENGINES.find((b) => b.id === id || b.aliases.map(normalizePluginId).includes(id));
  if (bundled) return (await bundled.load()).default;
  for (const candidate of [...pluginPackageNames('engine', spec), spec]) {
    const plugin = await importPlugin(candidate, cwd).catch((cause: unknown) => {
      throw new SkillEvalError('UNKNOWN_PLUGIN', `Could not load engine plugin '${candidate}': ${String(cause)}`, {
        cause,
      });
    });
    if (plugin) {
      if (plugin.contract !== 'engine-v1') {
        throw new SkillEvalError(
          'PLUGIN_CONTRACT',
          `'${candidate}' is not an engine plugin (contract ${plugin.contract}).`,
        );
      }
      return plugin;
    }
  }
  const known = [...BUNDLED_ENGINES.map((b) => b.id), ...extra.map((p) => p.id)];
  const [scoped, unscoped] = pluginPackageNames('engine', spec);
  throw new SkillEvalError('UNKNOWN_PLUGIN', `Unknown engine '${spec}'. Engines available: ${known.join(', ')}.`, {
    hint: `Install ${scoped} (or ${unscoped}), or pass a path to a module whose default export is an engine plugin.`,
  });
}

/** Builds the registry for one command: every bundled format, the engines asked for, config plugins. */
export async function buildRegistry(request: RegistryRequest): Promise<BuiltRegistry> {
  const extra: AnyPlugin[] = [];
  for (const spec of request.plugins) {
    const plugin = await importPlugin(spec, request.cwd);
    if (!plugin) {
      throw new SkillEvalError('UNKNOWN_PLUGIN', `Plugin '${spec}' named in the config is not installed.`, {
        hint: `Install it (npm install ${spec}) or fix the path in the config's plugins list.`,
      });
    }
    extra.push(plugin);
  }
  const extraEngines = extra.filter((p): p is EnginePlugin<any> => p.contract === 'engine-v1');
  const formats = [
    ...(await Promise.all(BUNDLED_FORMATS.map(async (b) => (await b.load()).default))),
    ...extra.filter((p): p is FormatPlugin<any> => p.contract === 'format-v1'),
  ];
  const engineIds = new Map<string, string>();
  const engines: EnginePlugin<any>[] = [];
  for (const spec of request.engines) {
    const plugin = await resolveEngine(spec, request.cwd, extraEngines);
    engineIds.set(spec, plugin.id);
    if (!engines.includes(plugin)) engines.push(plugin);
  }
  const reporters = [
    ...(await Promise.all(BUNDLED_REPORTERS.map(async (b) => (await b.load()).default))),
    ...extra.filter((p): p is ReporterPlugin<any> => p.contract === 'reporter-v1'),
  ];
  return { registry: createRegistry({ formats, engines, reporters }), engineIds };
}
