// Loading one eval file that no kept load answers: detection among the formats, the winner's load, and the checks of
// what it gave. Imported only by a load that is not kept, with what only it needs (the YAML reader of describe-content
// and foreign-eval-files among them): a command whose every file's load is kept (a warm `list`) imports none of it.
import { basename, extname } from 'node:path';
import { type Diagnostic, DiagnosticSchema, errorInfo, type Format, type Suite } from '@skill-eval/core';
import { checkSuite, type SchemaIssue } from './check-suite.js';
import { describeContent } from './describe-content.js';
import { diag } from './discovery-diagnostic.js';
import { type ForeignEvalFile, foreignEvalFile } from './foreign-eval-files.js';
import { bindSkill } from './skill-evals.js';
import type { KeptLoad } from './suite-store.js';
import { unrunnableDiagnostics } from './unrunnable-cases.js';

/** What loading one file gave. */
type LoadedFile = KeptLoad;

/**
 * The confidence a format must have in a file a folder scan found before it loads it; below it the file is skipped
 * with a note. Formats claim under this (0.3, 0.4) what only partly has their shape; they claim broken files under
 * their own names at 0.5, so that a scan still reports their syntax errors.
 */
const SCAN_CONFIDENCE = 0.5;

/**
 * Loads one file and checks what it gave: its suites bound to the skill folder its scan found (`skillDir`), and what
 * grading cannot run found now, not mid-run (a check type grading does not know, a pattern that does not compile, a
 * skill name that is no folder name, a NUL in a prompt).
 */
export async function loadChecked(
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

/** Another tool's eval file that skill-eval does not read: named for what it is (an error only when named). */
function foreignFormat(file: string, foreign: ForeignEvalFile, explicit: boolean): Diagnostic {
  const message = `This is ${foreign.tool} (${foreign.shape}), which skill-eval does not read yet; it is left as it is, and no other format reads it as its own.`;
  return { ...diag(explicit ? 'error' : 'info', 'discovery/foreign-format', file, message), line: 1, column: 1 };
}

/**
 * What to say of a skill's SKILL.md named where an eval file is expected: the evals of a skill lie beside it (its
 * evals/ folder, EVAL.md), which naming its folder finds. The diagnostic's file, shown before it, names the folder.
 */
const SKILL_FILE_NAMED =
  "This is a skill's SKILL.md, not an eval file: name its folder instead to run the eval files found there, or name one of them.";

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
    diagnostics.push(unreadFileDiagnostic(file, text, { explicit, best, formatIds }));
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

/**
 * Why a file no format loads was left: an error when it was named, else a note. One that does not parse is pointed at
 * where it stops; one that parses is described, so that a file of another tool can be told from a broken eval file.
 */
function unreadFileDiagnostic(
  file: string,
  text: string,
  { explicit, best, formatIds }: { explicit: boolean; best: Format | undefined; formatIds: string },
): Diagnostic {
  const found = describeContent(file, text);
  const at = found?.line ? { line: found.line, ...(found.column ? { column: found.column } : {}) } : {};
  if (explicit) {
    const message =
      basename(file) === 'SKILL.md'
        ? SKILL_FILE_NAMED
        : found?.syntaxError
          ? `${found.syntaxError}. Fix it there, then run again.`
          : `Not a recognised eval file${found ? ` (${found.text})` : ''}; formats: ${formatIds}. Name one with --format.`;
    return { ...diag('error', 'discovery/unrecognised', file, message), ...at };
  }
  const partly = best ? ` ${best.id} reads it only partly; name the file to see what it lacks.` : '';
  const message = found?.syntaxError
    ? `Skipped: the file name looks like an eval file, but it does not parse (${found.syntaxError}). If it is one, fix it there.`
    : `Skipped: the file name looks like an eval file, but no format recognises its content${found ? ` (${found.text})` : ''}; it may belong to another tool.${partly} Formats: ${formatIds}.`;
  return { ...diag('info', 'discovery/not-detected', file, message), ...at };
}
