import { basename, dirname, extname, relative, resolve, sep } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  configuredSettings,
  configurePlugin,
  type Diagnostic,
  DiagnosticSchema,
  errorInfo,
  type Format,
  isParsedCase,
  lazySchema,
  type Registry,
  type Suite,
  SuiteSchema,
  safeParseCase,
  watchReads,
} from '@skill-eval/core';
import { useYamlStore, type YamlStore } from '@skill-eval/format-kit';
import { describeContent } from './describe-content.js';
import { diag } from './discovery-diagnostic.js';
import { type FoundEvalFiles, findEvalFiles } from './find-eval-files.js';
import { type ForeignEvalFile, foreignEvalFile } from './foreign-eval-files.js';
import { readPlainSuiteShell } from './plain-suite-shell.js';
import { readEvalText } from './read-eval-text.js';
import { bindSkill } from './skill-evals.js';
import type { KeptLoad, SuiteStore } from './suite-store.js';
import { unrunnableDiagnostics } from './unrunnable-cases.js';

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
}

/**
 * The confidence a format must have in a file a folder scan found before it loads it; below it the file is skipped
 * with a note. Formats claim under this (0.3, 0.4) what only partly has their shape; they claim broken files under
 * their own names at 0.5, so that a scan still reports their syntax errors.
 */
const SCAN_CONFIDENCE = 0.5;

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
  const plugins = options.format ? [registry.format(options.format)] : registry.formats;
  const formats: Format[] = plugins.map((plugin) =>
    configurePlugin(plugin, configuredSettings(options.formatSettings, plugin)),
  );
  const found = await findEvalFiles(paths, {
    cwd,
    formats,
    ...(options.evals !== undefined ? { evals: options.evals } : {}),
  });
  const before = useYamlStore(options.yamlStore);
  let loaded: Awaited<ReturnType<typeof loadFound>>;
  try {
    loaded = await loadFound(found, {
      cwd,
      formats,
      forced: Boolean(options.format),
      ...(options.suiteStore
        ? { kept: { store: options.suiteStore, context: loadContext(cwd, options, formats) } }
        : {}),
    });
  } finally {
    useYamlStore(before);
  }
  return {
    suites: loaded.flatMap((l) => l.suites),
    diagnostics: [...found.diagnostics, ...loaded.flatMap((l) => l.diagnostics)],
  };
}

/**
 * Loads every file found, each suite and diagnostic in path order. Files load shallowest first, so that a suite file
 * loads before the files below it that it reads as its parts (a skill-up eval.yaml and its cases/), which then need
 * no load.
 */
async function loadFound(
  { candidates, skillOf }: FoundEvalFiles,
  { cwd, formats, forced, kept }: { cwd: string; formats: Format[]; forced: boolean; kept?: KeptLoads },
): Promise<{ suites: Suite[]; diagnostics: Diagnostic[] }[]> {
  const formatIds = formats.map((f) => f.id).join(', ') || '(none)';
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
        : await keptOrLoaded(file, text, `${explicit}\0${skillDir ?? ''}`, kept, () =>
            loadChecked(file, text, explicit, skillDir, { formats, formatIds, forced }),
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
function loadContext(cwd: string, options: LoadSuitesOptions, formats: readonly Format[]): string {
  return JSON.stringify({
    formats: formats.map((format) => format.id),
    settings: options.formatSettings ?? {},
    forced: options.format ?? null,
    cwd,
    processCwd: process.cwd(),
    platform: process.platform,
  });
}

/**
 * Loads one file and checks what it gave: its suites bound to the skill folder its scan found (`skillDir`), and what
 * grading cannot run found now, not mid-run (a check type grading does not know, a pattern that does not compile, a
 * skill name that is no folder name, a NUL in a prompt).
 */
async function loadChecked(
  file: string,
  text: string,
  explicit: boolean,
  skillDir: string | undefined,
  { formats, formatIds, forced }: { formats: Format[]; formatIds: string; forced: boolean },
): Promise<LoadedFile> {
  const found: Diagnostic[] = [];
  const { suites, parts, alternates } = await loadFile(file, text, explicit, formats, formatIds, found, forced);
  const tied = skillDir ? bindSkill(suites, found, skillDir) : { suites, diagnostics: found };
  // The check catalogue's rules, imported only by a load that is not kept: a command whose every file's load is kept
  // (a warm `list`) starts without the catalogue.
  const { checkDiagnostics } = await import('@skill-eval/grading/diagnostics');
  for (const suite of tied.suites)
    tied.diagnostics.push(...(await checkDiagnostics(suite)), ...unrunnableDiagnostics(suite));
  return { suites: tied.suites, diagnostics: tied.diagnostics, parts, alternates };
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

/** Another tool's eval file that skill-eval does not read: named for what it is (an error only when named). */
function foreignFormat(file: string, foreign: ForeignEvalFile, explicit: boolean): Diagnostic {
  const message = `This is ${foreign.tool} (${foreign.shape}), which skill-eval does not read yet; it is left as it is, and no other format reads it as its own.`;
  return { ...diag(explicit ? 'error' : 'info', 'discovery/foreign-format', file, message), line: 1, column: 1 };
}

/** What loading one file gave. */
type LoadedFile = KeptLoad;

const nothingLoaded = (): LoadedFile => ({ suites: [], diagnostics: [], parts: [], alternates: [] });

async function loadFile(
  file: string,
  text: string,
  explicit: boolean,
  formats: Format[],
  formatIds: string,
  diagnostics: Diagnostic[],
  forced: boolean,
): Promise<Omit<LoadedFile, 'diagnostics'>> {
  const none = { suites: [], parts: [], alternates: [] };
  const foreign = forced ? undefined : foreignEvalFile(file, text);
  if (foreign) {
    diagnostics.push(foreignFormat(file, foreign, explicit));
    return none;
  }
  let best: Format | undefined = forced ? formats[0] : undefined;
  let bestScore = 0;
  const extension = extname(file).toLowerCase();
  for (const format of forced ? [] : formats.filter((f) => !f.extensions || f.extensions.includes(extension))) {
    let score = 0;
    try {
      score = format.detect(file, text);
    } catch (error) {
      diagnostics.push(
        diag(
          'warning',
          'discovery/detect-failed',
          file,
          `Format ${format.id} failed to inspect the file: ${errorInfo(error).message}`,
        ),
      );
    }
    if (score > bestScore) [best, bestScore] = [format, score];
  }
  // A folder scan takes only what a format is sure of: a weak claim (a file only partly of its shape, or of another
  // tool's under a name it shares) is loaded when named, so that loading it says what is wrong, and skipped here.
  const sureEnough = explicit || forced || bestScore >= SCAN_CONFIDENCE;
  if (!best || !sureEnough) {
    const found = describeContent(file, text);
    const what = found ? ` (${found})` : '';
    const partly = best ? ` ${best.id} reads it only partly; name the file to see what it lacks.` : '';
    diagnostics.push(
      explicit
        ? diag(
            'error',
            'discovery/unrecognised',
            file,
            `Not a recognised eval file${what}; formats: ${formatIds}. Name one with --format.`,
          )
        : diag(
            'info',
            'discovery/not-detected',
            file,
            `Skipped: the file name looks like an eval file, but no format recognises its content${what}; it may belong to another tool.${partly} Formats: ${formatIds}.`,
          ),
    );
    return none;
  }
  try {
    const result = await best.load(file, text);
    // A plugin's format may return anything: checked before it is read.
    const shape = loadResultProblem(result as unknown);
    if (shape) {
      const message = `Format ${best.id} returned ${shape} from load(); a format returns { suites: [...], diagnostics: [...] }.`;
      diagnostics.push(diag('error', 'discovery/invalid-load-result', file, message));
      return none;
    }
    diagnostics.push(...result.diagnostics.map((d: unknown) => checkedDiagnostic(d, best.id, file)));
    const suites: Suite[] = [];
    for (const suite of result.suites) {
      const parsed = checkSuite(suite);
      if (parsed.data) suites.push(parsed.data);
      else
        diagnostics.push(
          diag(
            'error',
            'discovery/invalid-suite',
            file,
            `Format ${best.id} produced an invalid suite: ${parsed.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
          ),
        );
    }
    return { suites, parts: [...(result.parts ?? [])], alternates: [...(result.alternates ?? [])] };
  } catch (error) {
    const message = `Format ${best.id} failed to load the file: ${thrownMessage(error)}`;
    diagnostics.push({ ...diag('error', 'discovery/load-failed', file, message), ...thrownPosition(error) });
    return none;
  }
}

/** What a format threw, readable: a schema's issues as `path: message`, not their JSON. */
function thrownMessage(error: unknown): string {
  const issues = (error as { issues?: unknown } | undefined)?.issues;
  if (error instanceof Error && error.name === 'ZodError' && Array.isArray(issues)) {
    return (issues as SchemaIssue[]).map((i) => `${i.path.join('.') || '(value)'}: ${i.message}`).join('; ');
  }
  return errorInfo(error).message;
}

/** Where in the file a thrown error points (a YAML alias bomb's first alias), else the file's start. */
function thrownPosition(error: unknown): { line: number; column: number } {
  const { line, column } = (error ?? {}) as { line?: unknown; column?: unknown };
  return typeof line === 'number' && typeof column === 'number' ? { line, column } : { line: 1, column: 1 };
}

/** What is wrong with the shape of a format's `load()` result, if anything. */
function loadResultProblem(result: unknown): string | undefined {
  if (!result || typeof result !== 'object') return String(result);
  const { suites, diagnostics } = result as Partial<Record<string, unknown>>;
  if (!Array.isArray(suites)) return 'no suites list';
  if (!Array.isArray(diagnostics)) return 'no diagnostics list';
  return undefined;
}

/** A format's diagnostic as it is, or, when it is not one, an error saying so that keeps what it said. */
function checkedDiagnostic(reported: unknown, formatId: string, file: string): Diagnostic {
  const parsed = DiagnosticSchema.safeParse(reported);
  if (parsed.success) return parsed.data;
  const said = (reported as { message?: unknown } | undefined)?.message;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(diagnostic)'}: ${i.message}`).join('; ');
  const message = `Format ${formatId} produced an invalid diagnostic (${issues})${typeof said === 'string' ? `: ${said}` : '.'}`;
  return diag('error', 'discovery/invalid-diagnostic', file, message);
}

/** What a suite is without its cases, for suites whose every case is already known to be valid. */
const SuiteShellSchema = lazySchema(() => SuiteSchema.omit({ cases: true }));

/** Checks a loaded suite against SuiteSchema, without checking a second time the cases core already parsed. */
function checkSuite(suite: Suite): { data: Suite; issues?: undefined } | { data?: undefined; issues: SchemaIssue[] } {
  const cases = Array.isArray(suite.cases) ? suite.cases : undefined;
  if (!cases?.every(isParsedCase)) {
    const parsed = SuiteSchema.safeParse(suite);
    return parsed.success ? { data: parsed.data } : { issues: parsed.error.issues };
  }
  const plain = readPlainSuiteShell(suite);
  if (plain) return { data: { ...plain, cases: [...cases] } };
  const shell = SuiteShellSchema.safeParse(suite);
  return shell.success ? { data: { ...shell.data, cases: [...cases] } } : { issues: shell.error.issues };
}

interface SchemaIssue {
  path: PropertyKey[];
  message: string;
}

/** Suite ids are the file path relative to cwd (posix separators); a second suite from the same file gets `#n`. */
function withId(suite: Suite, cwd: string, file: string, index: number, count: number): Suite {
  const rel = relative(cwd, file).split(sep).join('/') || basename(file);
  return { ...suite, id: count > 1 ? `${rel}#${index + 1}` : rel };
}
