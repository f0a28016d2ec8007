import { basename, dirname, relative, resolve, sep } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  configuredSettings,
  configurePlugin,
  type Diagnostic,
  DiagnosticSchema,
  errorInfo,
  type Format,
  type FormatPlugin,
  type Registry,
  type Suite,
  safeParseCase,
  watchReads,
} from '@skill-eval/core';
import { withSideFileTrust } from '@skill-eval/format-kit/side-file-read';
import { useYamlStore, type YamlStore } from '@skill-eval/format-kit/yaml-store';
import { checkSuite } from './check-suite.js';
import { diag } from './discovery-diagnostic.js';
import { type FoundEvalFiles, findEvalFiles } from './find-eval-files.js';
import { readEvalText } from './read-eval-text.js';
import type { KeptLoad, SuiteStore } from './suite-store.js';

/** Options of {@link loadSuites}. */
export interface LoadSuitesOptions {
  /** Directory that relative paths and suite ids are resolved against (default `process.cwd()`). */
  cwd?: string;
  /** Settings per format id, handed to each plugin's `parseSettings`. */
  formatSettings?: Record<string, unknown>;
  /** Read every file with this format, without detection (`--format`); a folder scan then uses only its file names. */
  format?: string;
  /** The evals of the skill folder among the paths, as BMAD's `--evals` names them: a folder or one file. */
  evals?: string;
  /**
   * Where parsed YAML documents are kept and found (`createFolderYamlStore` on a folder of the user's own): an
   * unchanged text is rebuilt from there instead of parsed again. Absent: every YAML text is parsed. The caller writes
   * what the load kept (`flush`) when it chooses: a command that stops before it starts writes nothing.
   */
  yamlStore?: YamlStore;
  /**
   * Where loads of eval files are kept and found (`createFolderSuiteStore` on a folder of the user's own): a file whose
   * text is unchanged, and whose loader would find every other file it read as it found it then, is not loaded again.
   * Only for formats whose code the store's context names (the CLI's own, bundled ones). Written with `flush`.
   */
  suiteStore?: SuiteStore;
  /**
   * Formats the registry does not hold yet: their ids, known without importing them, and how to import them. They are
   * imported at the first folder scan or the first file whose load is not kept, and read with before the registry's
   * own: a command whose every file's load is kept imports no format.
   */
  deferredFormats?: DeferredFormats;
  /**
   * The user passed --trust: the files an eval file names, or that sit beside it, are read even where they lie outside
   * its project (each such reference is still reported, as an error --trust lifts). Default: none outside is read.
   */
  trust?: boolean;
}

/** Formats named before they are imported (see {@link LoadSuitesOptions.deferredFormats}). */
export interface DeferredFormats {
  /** Their ids, as each plugin's `id` gives it. */
  ids: readonly string[];
  /** Imports them. (Not named `import`: the CLI keeps no compiled code of a file that seems to import dynamically.) */
  importPlugins(): Promise<readonly FormatPlugin[]>;
}

/** The formats of one load: their ids now, the formats themselves (configured) when first asked for. */
interface FormatsAtHand {
  ids: readonly string[];
  configured(): Promise<Format[]>;
}

/**
 * Finds eval files under `paths` and loads them with the format that claims each one most confidently.
 * Every problem (missing path, unreadable or unrecognised file, loader failure, a check grading cannot run)
 * becomes a diagnostic.
 */
export async function loadSuites(
  paths: string[],
  registry: Registry,
  options: LoadSuitesOptions = {},
): Promise<{ suites: Suite[]; diagnostics: Diagnostic[] }> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const formats = formatsAtHand(registry, options);
  const found = await findEvalFiles(paths, {
    cwd,
    formats: formats.configured,
    ...(options.evals !== undefined ? { evals: options.evals } : {}),
  });
  const before = useYamlStore(options.yamlStore);
  let loaded: Awaited<ReturnType<typeof loadFound>>;
  try {
    loaded = await withSideFileTrust(options.trust === true, () =>
      loadFound(found, {
        cwd,
        formats,
        forced: Boolean(options.format),
        ...(options.suiteStore
          ? { kept: { store: options.suiteStore, context: loadContext(cwd, options, formats.ids) } }
          : {}),
      }),
    );
  } finally {
    useYamlStore(before);
  }
  return {
    suites: loaded.flatMap((l) => l.suites),
    diagnostics: [...found.diagnostics, ...loaded.flatMap((l) => l.diagnostics)],
  };
}

/**
 * The formats a load reads with: the one `--format` names, else the deferred ones and the registry's, each configured
 * with its settings once, at the first call of `configured` (a bad setting is refused there).
 */
function formatsAtHand(registry: Registry, options: LoadSuitesOptions): FormatsAtHand {
  const deferred = options.format ? undefined : options.deferredFormats;
  const held = options.format ? [registry.format(options.format)] : registry.formats;
  let configured: Promise<Format[]> | undefined;
  const configure = async () => {
    const plugins = [...((await deferred?.importPlugins()) ?? []), ...held];
    return plugins.map((plugin) => configurePlugin(plugin, configuredSettings(options.formatSettings, plugin)));
  };
  return {
    ids: [...(deferred?.ids ?? []), ...held.map((plugin) => plugin.id)],
    configured: () => {
      configured ??= configure();
      return configured;
    },
  };
}

/**
 * Loads every file found, each suite and diagnostic in path order. Files load shallowest first, so that a suite file
 * loads before the files below it that it reads as its parts (a skill-up eval.yaml and its cases/), which then need
 * no load.
 */
async function loadFound(
  { candidates, skillOf }: FoundEvalFiles,
  { cwd, formats, forced, kept }: { cwd: string; formats: FormatsAtHand; forced: boolean; kept?: KeptLoads },
): Promise<{ suites: Suite[]; diagnostics: Diagnostic[] }[]> {
  const formatIds = formats.ids.join(', ') || '(none)';
  const inPathOrder = [...candidates.keys()].sort();
  const byFile = new Map<string, { suites: Suite[]; diagnostics: Diagnostic[] }>();
  const partOf = new Map<string, string>();
  const depth = new Map(inPathOrder.map((file) => [file, file.split(sep).length]));
  const shallowestFirst = (a: string, b: string) => depth.get(a)! - depth.get(b)! || (a < b ? -1 : a > b ? 1 : 0);
  // Parts a folder scan found and skipped, by the suite file that read them: one note on that file says so.
  const skippedParts = new Map<string, string[]>();
  // Alternate configurations a suite file named, with that suite file: skipped when a scan found them.
  const alternateOf = new Map<string, string>();
  for (const file of [...inPathOrder].sort(shallowestFirst)) {
    const found: Diagnostic[] = [];
    const owner = partOf.get(file);
    if (owner) {
      // Named on the command line: say so at the file. Found by a scan: counted on its suite file instead.
      if (candidates.get(file)) found.push(partNamedDirectly(file, owner));
      else {
        const skipped = skippedParts.get(owner);
        if (skipped) skipped.push(file);
        else skippedParts.set(owner, [file]);
      }
      byFile.set(file, { suites: [], diagnostics: found });
      continue;
    }
    const explicit = candidates.get(file)!;
    const text = readText(file, found);
    const skillDir = skillOf.get(file);
    const loaded =
      text === undefined
        ? nothingLoaded()
        : await keptOrLoaded(file, text, `${explicit}\0${skillDir ?? ''}`, kept, async () =>
            (await import('./load-file.js')).loadChecked(file, text, explicit, skillDir, {
              formats: await formats.configured(),
              formatIds,
              forced,
            }),
          );
    for (const part of loaded.parts) if (part !== file && !partOf.has(part)) partOf.set(part, file);
    for (const alternate of loaded.alternates) if (alternate !== file) alternateOf.set(alternate, file);
    found.push(...loaded.diagnostics);
    byFile.set(file, {
      suites: loaded.suites.map((suite, i) => withId(suite, cwd, file, i, loaded.suites.length)),
      diagnostics: found,
    });
  }
  for (const [owner, skipped] of skippedParts) byFile.get(owner)!.diagnostics.push(partsFoundByScan(owner, skipped));
  for (const [alternate, owner] of alternateOf) {
    if (candidates.get(alternate) === false && byFile.has(alternate))
      byFile.set(alternate, { suites: [], diagnostics: [alternateSkipped(alternate, owner)] });
  }
  return inPathOrder.map((file) => byFile.get(file)!);
}

/** A suite store and what, besides its files, a load under this call depends on. */
interface KeptLoads {
  store: SuiteStore;
  context: string;
}

/**
 * What a load depends on besides the files it reads: the formats with their settings, the folder paths are resolved
 * against (the process's own too: a loader may resolve against it) and the platform.
 */
function loadContext(cwd: string, options: LoadSuitesOptions, formatIds: readonly string[]): string {
  return JSON.stringify({
    formats: formatIds,
    settings: options.formatSettings ?? {},
    forced: options.format ?? null,
    cwd,
    processCwd: process.cwd(),
    platform: process.platform,
  });
}

/**
 * The checked load of `file`: kept from an earlier one when its text and every answer its loader got from the file
 * system are unchanged (suite-store.ts), else loaded by `load`, whose questions are noted and kept with it. `variant`
 * names what else of this call the load depends on. Under SKILL_EVAL_CHECK_FAST_PATHS a kept load is held to a fresh
 * one.
 */
async function keptOrLoaded(
  file: string,
  text: string,
  variant: string,
  kept: KeptLoads | undefined,
  load: () => Promise<LoadedFile>,
): Promise<LoadedFile> {
  if (!kept) return load();
  const context = `${kept.context}\0${variant}`;
  const reused = restoreLoad(kept.store.get(context, file, text));
  if (reused && !CHECKED) return reused;
  const { value, reads } = await watchReads(load);
  if (reused) assertSameLoad(file, reused, value);
  if (isPlainData(value)) kept.store.put(context, file, text, value, reads);
  return value;
}

/** Read once: `process.env` is slow to read. */
const CHECKED = Boolean(process.env.SKILL_EVAL_CHECK_FAST_PATHS);

/**
 * A kept load as the runner uses one: each case parsed as core parses a loader's cases, each suite and diagnostic
 * checked as a format's are. Undefined when any of it is not what a load gives (the entry is then not used).
 */
function restoreLoad(load: KeptLoad | undefined): LoadedFile | undefined {
  if (!load) return undefined;
  const suites: Suite[] = [];
  for (const suite of load.suites) {
    if (!Array.isArray(suite?.cases)) return undefined;
    const cases = [];
    for (const input of suite.cases) {
      const parsed = safeParseCase(input);
      if (!parsed.success) return undefined;
      cases.push(parsed.data);
    }
    const checked = checkSuite({ ...suite, cases });
    if (!checked.data) return undefined;
    suites.push(checked.data);
  }
  const diagnostics: Diagnostic[] = [];
  for (const reported of load.diagnostics) {
    const parsed = DiagnosticSchema.safeParse(reported);
    if (!parsed.success) return undefined;
    diagnostics.push(parsed.data);
  }
  return { suites, diagnostics, parts: load.parts, alternates: load.alternates };
}

/** Throws unless a kept load is the load of now, as JSON (SKILL_EVAL_CHECK_FAST_PATHS). */
function assertSameLoad(file: string, reused: KeptLoad, fresh: KeptLoad): void {
  const [was, now] = [JSON.parse(JSON.stringify(reused)), JSON.parse(JSON.stringify(fresh))];
  if (isDeepStrictEqual(was, now)) return;
  throw new Error(`The kept load of ${file} differs from loading it now, at ${firstDifference(was, now)}.`);
}

/** Where two JSON values first differ, as a path with both values there. */
function firstDifference(a: unknown, b: unknown, path = 'load'): string {
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const [x, y] = [(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]];
      if (!isDeepStrictEqual(x, y)) return firstDifference(x, y, `${path}.${key}`);
    }
  }
  return `${path}: kept ${JSON.stringify(a)?.slice(0, 200)}, now ${JSON.stringify(b)?.slice(0, 200)}`;
}

/**
 * Whether a value is made only of what JSON keeps as it is (plain objects and arrays, strings, finite numbers other
 * than −0, booleans, null; an object's undefined properties, which JSON leaves out): a load holding anything else
 * (a date, a map, a class's instance) would come back otherwise, and is not kept.
 */
function isPlainData(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) return value.every((item) => item !== undefined && isPlainData(item));
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      return Object.values(value).every((item) => item === undefined || isPlainData(item));
    }
    default:
      return false;
  }
}

/** A file named on the command line that a suite also named loads as a part of that suite, not on its own. */
function partNamedDirectly(file: string, owner: string): Diagnostic {
  const message = `Read as part of ${relative(dirname(file), owner)}, which loads it; run that file to run it.`;
  return { ...diag('info', 'discovery/part-of-suite', file, message), line: 1, column: 1 };
}

/** How many files of a folder scan the suite file `owner` read as its parts (a few named), instead of a line each. */
function partsFoundByScan(owner: string, parts: readonly string[]): Diagnostic {
  const shown = parts.slice(0, 3).map((part) => relative(dirname(owner), part));
  const names = `${shown.join(', ')}${parts.length > shown.length ? `, … (${parts.length - shown.length} more)` : ''}`;
  const message = `${parts.length} file(s) found by this scan are parts of this suite and load with it, not on their own: ${names}.`;
  return { ...diag('info', 'discovery/part-of-suite', owner, message), line: 1, column: 1 };
}

/** A scan-found suite file that loads the cases of `owner` in another configuration: skipped, so none runs twice. */
function alternateSkipped(file: string, owner: string): Diagnostic {
  const message = `Skipped: it loads the same cases as ${relative(dirname(file), owner)} in another configuration, which its tool runs only when named; name this file to run it.`;
  return { ...diag('info', 'discovery/alternate-suite', file, message), line: 1, column: 1 };
}

/** The file's text; undefined, with the diagnostic saying why, when it cannot be read as an eval file. */
function readText(file: string, diagnostics: Diagnostic[]): string | undefined {
  try {
    const read = readEvalText(file);
    if ('problem' in read) {
      diagnostics.push({ ...read.problem, file });
      return undefined;
    }
    return read.text;
  } catch (error) {
    diagnostics.push(diag('error', 'discovery/unreadable', file, `Cannot read file: ${errorInfo(error).message}`));
    return undefined;
  }
}

/** What loading one file gave. */
type LoadedFile = KeptLoad;

const nothingLoaded = (): LoadedFile => ({ suites: [], diagnostics: [], parts: [], alternates: [] });

/** Suite ids are the file path relative to cwd (posix separators); a second suite from the same file gets `#n`. */
function withId(suite: Suite, cwd: string, file: string, index: number, count: number): Suite {
  const rel = relative(cwd, file).split(sep).join('/') || basename(file);
  return { ...suite, id: count > 1 ? `${rel}#${index + 1}` : rel };
}
