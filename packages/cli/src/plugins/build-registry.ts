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
import type { DeferredFormats } from '@skill-eval/runner/loading';
import { didYouMean } from '../loading/did-you-mean.js';
import { BUNDLED_ENGINES, BUNDLED_FORMATS, BUNDLED_REPORTERS, bundledEngine, bundledFormat } from './bundled.js';
import { bundledPackageVersion } from './bundled-package-version.js';
import { loadConfigPlugin } from './config-plugin.js';
import { loadPlugin } from './load-plugin.js';
import { packageVersionOf } from './package-version.js';
import { refuseBundledId, refuseTakenPluginIds } from './plugin-id-clash.js';
import { looksLikePath } from './plugin-spec.js';

export interface RegistryRequest {
  /** Engine ids (or package names / paths) the command will use. */
  engines: string[];
  /** Plugin modules named in the config's `plugins` list. */
  plugins: string[];
  /** The config file that names them, for messages. */
  configFile?: string;
  cwd: string;
  /** Ids of the bundled reporters the command uses (default all); the others, the HTML renderer among them, are not imported. */
  reporters?: readonly string[];
  /**
   * Extensions of every file the command reads, when it reads named files only: the bundled formats that read none
   * of them are not imported. Absent, or with an extension no bundled format reads: every format is.
   */
  fileExtensions?: readonly string[];
  /** The one format the command reads with (`--format`): when it names a bundled format, no other is imported. */
  format?: string;
  /**
   * The bundled formats are left unimported, in `deferredFormats`, for a load that imports them when it first needs
   * them (one whose every file's load is kept needs none).
   */
  deferFormats?: boolean;
}

export interface BuiltRegistry {
  registry: Registry;
  /** Each requested engine spec → the id it resolved to. */
  engineIds: Map<string, string>;
  /** Engine plugin id → version of the package it came from. */
  enginePackageVersions: Map<string, string | undefined>;
  /** The bundled formats the command needs, not imported yet (with `deferFormats`); the registry holds none of them. */
  deferredFormats?: DeferredFormats;
}

interface Resolved {
  plugin: EnginePlugin<any>;
  packageVersion: string | undefined;
}

async function resolveEngine(spec: string, cwd: string, extra: Resolved[]): Promise<Resolved> {
  const id = normalizePluginId(spec);
  const fromConfig = extra.find(
    ({ plugin: p }) => normalizePluginId(p.id) === id || p.aliases?.some((a) => normalizePluginId(a) === id),
  );
  if (fromConfig) return fromConfig;
  const bundled = bundledEngine(id);
  if (bundled) {
    return {
      plugin: (await bundled.load()).default,
      packageVersion: bundledPackageVersion(bundled.package),
    };
  }
  // A path names its module itself; a bare id may be short for a plugin package's name.
  const candidates = looksLikePath(spec) ? [spec] : [...pluginPackageNames('engine', spec), spec];
  for (const candidate of candidates) {
    const named = `Engine plugin '${candidate}'`;
    const found = await loadPlugin(candidate, cwd, {
      named,
      fix: `fix it, or name another engine in --engine`,
      contracts: ['engine-v1'],
    });
    if (!found) continue;
    refuseBundledId(found.plugin, named, 'name the bundled engine by its id instead');
    return { plugin: found.plugin as EnginePlugin<any>, packageVersion: packageVersionOf(found.url) };
  }
  const known = [...BUNDLED_ENGINES.map((b) => b.id), ...extra.map((e) => e.plugin.id)];
  const [scoped, unscoped] = pluginPackageNames('engine', spec);
  const suggestion = didYouMean(spec, known);
  // A typo of an engine that exists is fixed by spelling it, not by installing a package of the misspelt name.
  const hint = suggestion
    ? `Fix the spelling of the engine's id (in --engine, --judge or the config).`
    : `Install ${scoped} (or ${unscoped}), or pass a path to a module whose default export is an engine plugin.`;
  throw new SkillEvalError(
    'UNKNOWN_PLUGIN',
    `Unknown engine '${spec}'. Engines available: ${known.join(', ')}.${suggestion}`,
    {
      hint,
    },
  );
}

/**
 * The bundled formats a command needs: the one it names, or those that read files of its extensions; all of them
 * when it names none of them (a plugin's, or an unknown one: the error lists them all), when an extension is read
 * by none, or when neither is given.
 */
function bundledFormatsFor({ format, fileExtensions: extensions }: RegistryRequest): typeof BUNDLED_FORMATS {
  if (format !== undefined) {
    const one = bundledFormat(format);
    return one ? [one] : BUNDLED_FORMATS;
  }
  if (!extensions) return BUNDLED_FORMATS;
  const readers = extensions.map((extension) => BUNDLED_FORMATS.filter((b) => b.extensions.includes(extension)));
  // A file that no format reads is reported with the list of every format.
  if (readers.some((formats) => formats.length === 0)) return BUNDLED_FORMATS;
  return BUNDLED_FORMATS.filter((b) => readers.some((formats) => formats.includes(b)));
}

/** The plugins the config's `plugins` list names, each with how it is named there, and ids no other plugin has. */
export async function loadConfigPlugins(
  request: Pick<RegistryRequest, 'plugins' | 'configFile' | 'cwd'>,
): Promise<{ spec: string; plugin: AnyPlugin; url: string }[]> {
  const loaded: { spec: string; plugin: AnyPlugin; url: string }[] = [];
  for (const spec of request.plugins) {
    loaded.push({ spec, ...(await loadConfigPlugin(spec, request.cwd, request.configFile)) });
  }
  refuseTakenPluginIds(loaded, request.configFile);
  return loaded;
}

/** Builds the registry for one command: the bundled formats it needs, the engines asked for, config plugins. */
export async function buildRegistry(request: RegistryRequest): Promise<BuiltRegistry> {
  const extra = await loadConfigPlugins(request);
  const ofKind = <P extends AnyPlugin>(contract: P['contract']) =>
    extra.filter((e) => e.plugin.contract === contract).map((e) => e.plugin as P);
  const extraEngines: Resolved[] = extra
    .filter((e) => e.plugin.contract === 'engine-v1')
    .map((e) => ({ plugin: e.plugin as EnginePlugin<any>, packageVersion: packageVersionOf(e.url) }));
  const bundledFormats = bundledFormatsFor(request);
  const importBundledFormats = () => Promise.all(bundledFormats.map(async (b) => (await b.load()).default));
  const formats = [
    ...(request.deferFormats ? [] : await importBundledFormats()),
    ...ofKind<FormatPlugin<any>>('format-v1'),
  ];
  const engineIds = new Map<string, string>();
  const enginePackageVersions = new Map<string, string | undefined>();
  const engines: EnginePlugin<any>[] = [];
  for (const spec of request.engines) {
    const { plugin, packageVersion } = await resolveEngine(spec, request.cwd, extraEngines);
    engineIds.set(spec, plugin.id);
    enginePackageVersions.set(plugin.id, packageVersion);
    if (!engines.includes(plugin)) engines.push(plugin);
  }
  const wanted = BUNDLED_REPORTERS.filter((b) => request.reporters?.includes(b.id) ?? true);
  const reporters = [
    ...(await Promise.all(wanted.map(async (b) => (await b.load()).default))),
    ...ofKind<ReporterPlugin<any>>('reporter-v1'),
  ];
  const registry = createRegistry({ formats, engines, reporters, suggest: didYouMean });
  // An engine asked for by path or package name (`-e ./my-engine.js`) is also found under that name.
  const named = (id: string): string => engineIds.get(id) ?? id;
  return {
    registry: {
      ...registry,
      engine: (id) => registry.engine(named(id)),
      hasEngine: (id) => registry.hasEngine(named(id)),
    },
    engineIds,
    enginePackageVersions,
    ...(request.deferFormats
      ? { deferredFormats: { ids: bundledFormats.map((b) => b.id), importPlugins: importBundledFormats } }
      : {}),
  };
}

/**
 * `registry` with the bundled engine that `id` names added, when it lacks it: the run imports a bundled judge only
 * once a case needs one, so that a run of deterministic checks loads no model SDK it never calls.
 */
export async function withBundledEngine(registry: Registry, id: string): Promise<Registry> {
  const bundled = bundledEngine(id);
  if (!bundled || registry.hasEngine(id)) return registry;
  const added = createRegistry({ engines: [(await bundled.load()).default], suggest: didYouMean });
  return {
    ...registry,
    engines: [...registry.engines, ...added.engines],
    engine: (name) => (added.hasEngine(name) ? added.engine(name) : registry.engine(name)),
    hasEngine: (name) => added.hasEngine(name) || registry.hasEngine(name),
  };
}
