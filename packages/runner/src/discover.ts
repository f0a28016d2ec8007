import { readdirSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';
import {
  configuredSettings,
  configurePlugin,
  type Diagnostic,
  DiagnosticSchema,
  errorInfo,
  type Format,
  isParsedCase,
  type Registry,
  type Suite,
  SuiteSchema,
} from '@skill-eval/core';
import { checkDiagnostics } from '@skill-eval/grading';
import picomatch from 'picomatch';
import { describeContent } from './describe-content.js';
import { readPlainSuiteShell } from './plain-suite-shell.js';
import { readEvalText } from './read-eval-text.js';
import { isRunDirectory, RUN_MANIFEST_FILE } from './run-manifest.js';
import { bindSkill, findSkillEvals, isSkillFolder } from './skill-evals.js';
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
}

/**
 * The confidence a format must have in a file a folder scan found before it loads it; below it the file is skipped
 * with a note. Formats claim under this (0.3, 0.4) what only partly has their shape; they claim broken files under
 * their own names at 0.5, so that a scan still reports their syntax errors.
 */
const SCAN_CONFIDENCE = 0.5;

/** Directory names never walked into unless named explicitly (dot-dirs are skipped too). */
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);

const diag = (severity: Diagnostic['severity'], ruleId: string, file: string, message: string): Diagnostic => ({
  severity,
  ruleId,
  file,
  message,
});

/**
 * Files under `dir`, skipping dependency, build and dot directories, and the run directories skill-eval wrote below it
 * (`-o results/run-1`: their cases.json is a record of a run, not an eval file). Symlinked directories are not followed
 * (loops).
 */
function walk(dir: string, out: { files: string[]; special: string[] }, named = true): void {
  // Synchronous for the same reason as the reads: many small folders.
  const entries = readdirSync(dir, { withFileTypes: true });
  if (!named && entries.some((e) => e.name === RUN_MANIFEST_FILE && e.isFile()) && isRunDirectory(dir)) return;
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.') && !SKIPPED_DIRS.has(entry.name)) walk(path, out, false);
    } else if (entry.isFile() || (entry.isSymbolicLink() && isFile(path))) {
      out.files.push(path);
    } else if (!entry.isSymbolicLink()) {
      // A FIFO, socket or device: reading one would block or never end.
      out.special.push(path);
    }
  }
}

/**
 * Whether a posix path matches any of the globs (dot files too), as `picomatch(globs, { dot: true })` says, with its
 * regular expressions tested directly: its matcher does more work per call, and every file of a folder is asked.
 */
function anyOf(globs: string[]): (path: string) => boolean {
  const tests = globs.map((glob) => ({ glob, re: picomatch.makeRe(glob, { dot: true }) }));
  return (path) => path !== '' && tests.some(({ glob, re }) => path === glob || re.test(path));
}

/** Whether a format claims a file by its path below a scanned folder's context (see loadSuites). */
function filePatternMatcher(formats: readonly Format[]): (below: string) => boolean {
  // A pattern without a slash matches the file name; one with a slash (`**/cases/*.yaml`) the path below the scanned folder.
  const patterns = formats.flatMap((f) => [...f.filePatterns]);
  const byName = anyOf(patterns.filter((p) => !p.includes('/')));
  const byPath = anyOf(patterns.filter((p) => p.includes('/')));
  return (below) => byName(basename(below)) || byPath(below);
}

const isFile = (path: string): boolean => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

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
  const formatIds = formats.map((f) => f.id).join(', ') || '(none)';
  // Built at the first folder scan: files named directly need no patterns.
  let claims: ((below: string) => boolean) | undefined;
  const claimsName = (below: string) => {
    claims ??= filePatternMatcher(formats);
    return claims(below);
  };
  const diagnostics: Diagnostic[] = [];
  // file → named explicitly?
  const candidates = new Map<string, boolean>();
  // Eval files found for a skill outside its folder → that skill's folder (BMAD's discovery).
  const skillOf = new Map<string, string>();
  /** The files under `dir` some format claims by name. */
  const scan = (dir: string): string[] => {
    const found = { files: [] as string[], special: [] as string[] };
    walk(dir, found);
    // Path patterns see two folders above the scanned one too, so scanning `evals/<set>/` or `evals/cases/`
    // directly still matches `**/evals/**/*.yaml` and `**/cases/*.yaml`.
    const context = dirname(dirname(dir));
    // Every file walked from `dir` starts with the context folder: the rest of its path is what patterns see.
    const prefix = context.endsWith(sep) ? context.length : context.length + 1;
    const belowContext = (file: string) => (sep === '/' ? file.slice(prefix) : file.slice(prefix).split(sep).join('/'));
    for (const file of found.special) {
      if (claimsName(belowContext(file))) diagnostics.push(notAFile(file, 'warning', 'skipped'));
    }
    return found.files.filter((file) => claimsName(belowContext(file)));
  };

  if (options.evals !== undefined && !paths.some((raw) => isSkillFolder(resolve(cwd, raw)))) {
    const message = `--evals names the evals of a skill: give the skill's folder (the one holding SKILL.md) as the path, e.g. \`skill-eval run path/to/skill --evals ${options.evals}\`.`;
    diagnostics.push(diag('error', 'discovery/evals-without-skill', resolve(cwd, options.evals), message));
  }
  for (const raw of paths) {
    const path = resolve(cwd, raw);
    const info = await stat(path).catch(() => undefined);
    if (!info) {
      diagnostics.push(diag('error', 'discovery/not-found', path, `Path does not exist: ${raw}`));
    } else if (info.isDirectory()) {
      const skill = isSkillFolder(path);
      const explicit = options.evals === undefined || !skill ? undefined : resolve(cwd, options.evals);
      let files = explicit ? [] : scan(path);
      // A skill's folder holding no evals: BMAD's places outside it (evals kept apart from the skill's distribution).
      if (files.length === 0 && skill) {
        const found = findSkillEvals(path, scan, explicit);
        files = found.files;
        for (const file of files) if (file !== path && !file.startsWith(path + sep)) skillOf.set(file, path);
        if (found.place && files.length > 0) diagnostics.push(foundForSkill(path, found.place, files));
        if (explicit && files.length === 0)
          diagnostics.push(
            diag('error', 'discovery/not-found', explicit, `--evals names no eval file: ${options.evals}`),
          );
      }
      for (const file of files) if (!candidates.has(file)) candidates.set(file, file === explicit);
    } else if (!info.isFile()) {
      diagnostics.push(notAFile(path, 'error', 'it cannot be read as an eval file'));
    } else {
      candidates.set(path, true);
    }
  }

  // Suites and diagnostics come out in path order; files load shallowest first, so that a suite file loads before
  // the files below it that it reads as its parts (a skill-up eval.yaml and its cases/), which then need no load.
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
    const { suites, parts, alternates } = await loadFile(
      file,
      candidates.get(file)!,
      formats,
      formatIds,
      found,
      Boolean(options.format),
    );
    for (const part of parts) if (part !== file && !partOf.has(part)) partOf.set(part, file);
    for (const alternate of alternates) if (alternate !== file) alternateOf.set(alternate, file);
    const skillDir = skillOf.get(file);
    const tied = skillDir ? bindSkill(suites, found, skillDir) : { suites, diagnostics: found };
    // A check type grading does not know, or a pattern that does not compile, is found now, not mid-run; so is what
    // a run would refuse (a skill name that is no folder name, a NUL in a prompt).
    for (const suite of tied.suites) tied.diagnostics.push(...checkDiagnostics(suite), ...unrunnableDiagnostics(suite));
    byFile.set(file, {
      suites: tied.suites.map((suite, i) => withId(suite, cwd, file, i, tied.suites.length)),
      diagnostics: tied.diagnostics,
    });
  }
  for (const [owner, skipped] of skippedParts) byFile.get(owner)!.diagnostics.push(partsFoundByScan(owner, skipped));
  for (const [alternate, owner] of alternateOf) {
    if (candidates.get(alternate) === false && byFile.has(alternate))
      byFile.set(alternate, { suites: [], diagnostics: [alternateSkipped(alternate, owner)] });
  }
  const loaded = inPathOrder.map((file) => byFile.get(file)!);
  return {
    suites: loaded.flatMap((l) => l.suites),
    diagnostics: [...diagnostics, ...loaded.flatMap((l) => l.diagnostics)],
  };
}

/** A FIFO, socket or device where an eval file was looked for: reading it would block or never end. */
function notAFile(file: string, severity: 'error' | 'warning', outcome: string): Diagnostic {
  return diag(severity, 'discovery/not-a-file', file, `Not a regular file (a FIFO, socket or device); ${outcome}.`);
}

/** Where BMAD's discovery found a skill's evals, outside its folder or by `--evals`. */
function foundForSkill(skillDir: string, place: string, files: readonly string[]): Diagnostic {
  const where =
    files.length === 1
      ? relative(skillDir, files[0]!)
      : `${files.length} eval files, in ${relative(skillDir, dirname(files[0]!))}`;
  const message = `The skill's evals are ${where} (${place}, as BMAD's runner finds them); they run with this skill.`;
  return diag('info', 'discovery/skill-evals', skillDir, message);
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

async function loadFile(
  file: string,
  explicit: boolean,
  formats: Format[],
  formatIds: string,
  diagnostics: Diagnostic[],
  forced: boolean,
): Promise<{ suites: Suite[]; parts: readonly string[]; alternates: readonly string[] }> {
  const none = { suites: [], parts: [], alternates: [] };
  let text: string;
  try {
    const read = readEvalText(file);
    if ('problem' in read) {
      diagnostics.push({ ...read.problem, file });
      return none;
    }
    text = read.text;
  } catch (error) {
    diagnostics.push(diag('error', 'discovery/unreadable', file, `Cannot read file: ${errorInfo(error).message}`));
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
    return { suites, parts: result.parts ?? [], alternates: result.alternates ?? [] };
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
const SuiteShellSchema = SuiteSchema.omit({ cases: true });

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
