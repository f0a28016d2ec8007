import { existsSync, statSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import {
  type Diagnostic,
  hasErrors,
  normalizePluginId,
  type Registry,
  SkillEvalError,
  type Suite,
  withTrust,
} from '@skill-eval/core';
import { createFolderSuiteStore, createFolderYamlStore, loadSuites, type SuiteStore } from '@skill-eval/runner/loading';
import type { CommandIO } from '../io/io.js';
import { type BuiltRegistry, buildRegistry } from '../plugins/build-registry.js';
import { BUNDLED_FORMATS } from '../plugins/bundled.js';
import type { Config } from '../policy/config.js';
import { buildIdentity } from './build-identity.js';
import { type CaseSelection, selectCases, selectionFlags, selects } from './case-selection.js';
import { didYouMean } from './did-you-mean.js';
import { keptLoadsDir, parsedYamlDir } from './parsed-yaml-dir.js';

/**
 * A path that does not exist but is a bare name (no slash) may be a Skillet eval set, which Skillet
 * looks up as `$SKILLET_DIR/evals/<name>/`; every other path is taken as written. `skilletLookups`: the folder
 * looked up for each bare name (by its absolute path) that is not one either.
 */
async function expandPaths(
  paths: readonly string[],
  io: CommandIO,
): Promise<{ expanded: string[]; skilletLookups: Map<string, string> }> {
  const expanded: string[] = [];
  const skilletLookups = new Map<string, string>();
  for (const path of paths.length ? paths : ['.']) {
    if (existsSync(resolve(io.cwd, path)) || /[\\/]/.test(path) || path.startsWith('.')) {
      expanded.push(path);
      continue;
    }
    const { resolveSkilletName } = await import('@skill-eval/format-skillet');
    const skilletDir = resolveSkilletName(path, io.env as NodeJS.ProcessEnv);
    if (existsSync(skilletDir)) expanded.push(skilletDir);
    else {
      expanded.push(path);
      skilletLookups.set(resolve(io.cwd, path), skilletDir);
    }
  }
  return { expanded, skilletLookups };
}

/** A bare name found neither as a path nor as a Skillet eval set: its not-found error says where both were looked for. */
const explainSkilletLookup =
  (skilletLookups: ReadonlyMap<string, string>) =>
  (diagnostic: Diagnostic): Diagnostic => {
    const folder = skilletLookups.get(diagnostic.file);
    if (diagnostic.ruleId !== 'discovery/not-found' || folder === undefined) return diagnostic;
    const message = `${diagnostic.message}, and no Skillet eval set has that name (no folder ${folder}; SKILLET_DIR sets where they are)`;
    return { ...diagnostic, message };
  };

/**
 * The extensions of the files at `paths` (lower-case), when every path that exists names a file: then only the
 * formats that read those need loading. Undefined when one is a folder, whose scan needs every format's file names.
 */
function namedFileExtensions(paths: readonly string[], cwd: string): string[] | undefined {
  const extensions = new Set<string>();
  for (const path of paths) {
    let isFile: boolean | undefined;
    try {
      isFile = statSync(resolve(cwd, path), { throwIfNoEntry: false })?.isFile();
    } catch {
      return undefined; // unreadable: the load reports it, with every format at hand
    }
    if (isFile === false) return undefined;
    // A path that does not exist is reported as such and needs no format.
    if (isFile) extensions.add(extname(path).toLowerCase());
  }
  return [...extensions];
}

/**
 * Refuses `formatSettings` under a name no format has (`triggers-jsn`): its settings would silently be dropped. Names
 * are the bundled formats' and the config plugins' ids and aliases.
 */
function refuseUnknownFormatSettings(config: Config, registry: Registry): void {
  const formats = [...BUNDLED_FORMATS, ...registry.formats];
  const known = new Set(formats.flatMap((f) => [f.id, ...(f.aliases ?? [])]).map(normalizePluginId));
  const unknown = Object.keys(config.formatSettings).filter((key) => !known.has(normalizePluginId(key)));
  if (unknown.length === 0) return;
  const ids = [...new Set(formats.map((f) => f.id))];
  const named = unknown.map((k) => `'${k}'`).join(', ');
  throw new SkillEvalError(
    'BAD_INPUT',
    `${config.file ?? 'The config'}: formatSettings names no format: ${named}.${unknown.map((k) => didYouMean(k, ids)).join('')}`,
    {
      hint: `formatSettings takes format ids: ${ids.join(', ')}. A format plugin's id counts once the plugins list names it.`,
    },
  );
}

/** What list, validate, convert and run share: the registry, then every suite under the paths. */
export async function loadEvalFiles(
  paths: readonly string[],
  options: {
    format?: string;
    engines?: string[];
    reporters?: readonly string[];
    /** Load every format, not only those that read the named files (convert writes in another). */
    everyFormat?: boolean;
    /** The user passed --trust: errors it lifts (references out of the project) become warnings. */
    trust?: boolean;
    /** Finding no case at all is an error (run and validate: nothing would run). */
    requireCases?: boolean;
    /** The evals of the skill folder among the paths (BMAD's `--evals`): a folder or one file. */
    evals?: string;
    /** The cases to keep (`--mode`, `--case`, `--tag` of run and list); every case when absent. */
    select?: CaseSelection;
    /** --no-parse-cache sets false: every file is parsed and loaded, and no parsed document or load is read or kept. */
    parseCache?: boolean;
  },
  config: Config,
  io: CommandIO,
): Promise<
  BuiltRegistry & {
    suites: Suite[];
    diagnostics: Diagnostic[];
    /** Keeps the YAML documents the load parsed and the loads it made in the user's cache folder (nothing with
     * --no-parse-cache): once a command that writes goes ahead, or a command that only reads has answered. */
    keepCaches(): void;
  }
> {
  const { expanded, skilletLookups } = await expandPaths(paths, io);
  const suiteStore = keptLoadsStore(options, config);
  const built = await buildRegistry({
    engines: options.engines ?? [],
    plugins: config.plugins,
    ...(config.file ? { configFile: config.file } : {}),
    cwd: io.cwd,
    // Only run reports; list, validate and convert import no reporter.
    reporters: options.reporters ?? [],
    // --format names the one format to use, which may read any file.
    ...(options.everyFormat
      ? {}
      : options.format
        ? { format: options.format }
        : { fileExtensions: namedFileExtensions(expanded, io.cwd) }),
    // Where loads are kept, the formats are imported only for a file whose load is not (one to write needs them all).
    deferFormats: suiteStore !== undefined && !options.everyFormat && !options.format,
  });
  refuseUnknownFormatSettings(config, built.registry);
  const yamlDir = parsedYamlDir(options);
  const yamlStore = yamlDir === undefined ? undefined : createFolderYamlStore(yamlDir);
  const { suites, diagnostics } = await loadSuites(expanded, built.registry, {
    cwd: io.cwd,
    formatSettings: config.formatSettings,
    ...(options.format ? { format: options.format } : {}),
    ...(options.evals ? { evals: options.evals } : {}),
    ...(yamlStore ? { yamlStore } : {}),
    ...(suiteStore ? { suiteStore } : {}),
    ...(built.deferredFormats ? { deferredFormats: built.deferredFormats } : {}),
    trust: options.trust === true,
  });
  const found = withTrust(diagnostics, options.trust === true).map(explainSkilletLookup(skilletLookups));
  const selection = options.select ?? {};
  const chosen = selectCases(suites, selection);
  if (options.requireCases && !hasErrors(found) && !chosen.some((suite) => suite.cases.length)) {
    const loaded = suites.reduce((sum, suite) => sum + suite.cases.length, 0);
    found.push(
      loaded > 0 && selects(selection) ? noneSelected(expanded, io.cwd, selection, loaded) : noCases(expanded, io.cwd),
    );
  }
  return {
    ...built,
    suites: chosen,
    diagnostics: found,
    keepCaches: () => {
      yamlStore?.flush();
      suiteStore?.flush();
    },
  };
}

/**
 * The store of kept loads: only where the code of every format is the CLI's own build, which names it (no format
 * plugin from the config, whose code may change under the same name), and not with --no-parse-cache.
 */
function keptLoadsStore(options: { parseCache?: boolean }, config: Config): SuiteStore | undefined {
  const dir = keptLoadsDir(options);
  const build = buildIdentity();
  if (dir === undefined || build === undefined || config.plugins.length > 0) return undefined;
  return createFolderSuiteStore(dir, build);
}

/** Where a "nothing to run" error points: the first path looked under (its first line when it is a file). */
function firstPath(paths: readonly string[], cwd: string): Pick<Diagnostic, 'file' | 'line' | 'column'> {
  const file = resolve(cwd, paths[0] ?? '.');
  const isFile = statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  return { file, ...(isFile ? { line: 1, column: 1 } : {}) };
}

/** Nothing to run: an error at the path looked under. */
function noCases(paths: readonly string[], cwd: string): Diagnostic {
  return {
    severity: 'error',
    ruleId: 'discovery/no-cases',
    ...firstPath(paths, cwd),
    message: `Found no eval cases (looked under: ${paths.join(', ')}). Eval files are found by name (evals.json, triggers.json, EVAL.md, *.eval.yaml, eval.yaml, evals/<set>/*.yaml, …): name a file or a folder that holds one; \`skill-eval list\` shows what would run.`,
  };
}

/** Cases were found, but `--mode`, `--case` or `--tag` kept none of them. */
function noneSelected(paths: readonly string[], cwd: string, selection: CaseSelection, loaded: number): Diagnostic {
  return {
    severity: 'error',
    ruleId: 'discovery/no-cases',
    ...firstPath(paths, cwd),
    message: `None of the ${loaded} case(s) found is selected by ${selectionFlags(selection)}. --case matches a case's id or name (* any run of characters, ? one), --tag any of the case's tags; \`skill-eval list\` shows the ids, names and tags.`,
  };
}
