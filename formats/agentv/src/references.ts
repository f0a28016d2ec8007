import { basename, dirname, extname, isAbsolute, join, normalize, resolve } from 'node:path';
import { observedExists, observedList, observedStat } from '@skill-eval/core';
import { globSideFiles, isInsideBoundary, outsideProjectMessage, readSideFile } from '@skill-eval/format-kit';
import { at, describe, isRecord, type ReadContext } from './context.js';
import { csvSource } from './csv-cases.js';
import type { Dialect } from './dialect.js';
import { type DocPath, jsonlSource, jsonSource, type Source, yamlSource } from './source.js';

/** One test definition found in the eval file or a file it references. */
export interface TestEntry {
  value: unknown;
  /** Where it is, in `source`. */
  path: DocPath;
  source: Source;
  /** Read from a raw case file or a case folder, where AgentV still takes `input`/`expected_output`. */
  raw: boolean;
  /** Id when the test has none: the case folder's name (else the caller uses the position). */
  defaultId?: string;
  /** A case folder's sibling `workspace/`, laid over the workspace. */
  overlay?: string;
}

/** Opens referenced files once and remembers every source so their diagnostics are returned. */
export class SourceSet {
  readonly sources: Source[] = [];

  /** `projectRoot`: the folder references may reach into without --trust. */
  constructor(
    root: Source,
    readonly projectRoot: string,
  ) {
    this.sources.push(root);
  }

  /**
   * Reads a YAML/JSON/JSONL file; undefined (with an error at `from`) when it cannot be read. A case file's `.json` is
   * strict JSON, as AgentV 5's `parseJsonCases` reads one (`JSON.parse`); other `.json` files read as YAML.
   */
  open(file: string, from: Source, path: DocPath, { caseFile = false } = {}): Source | undefined {
    const known = this.sources.find((s) => s.file === file);
    if (known) return known;
    const text = readReferencedFile(file, file, path, { projectRoot: this.projectRoot, source: from });
    if (text === undefined) return undefined;
    const ext = extname(file).toLowerCase();
    const source =
      ext === '.jsonl'
        ? jsonlSource(file, text)
        : ext === '.csv'
          ? csvSource(file, text)
          : ext === '.json' && caseFile
            ? jsonSource(file, text)
            : yamlSource(file, text);
    this.sources.push(source);
    return source;
  }
}

/** `file://x` or a plain relative path → absolute, relative to the referencing file (AgentV allows `..`). */
export function resolveReference(ref: string, from: Source): string {
  return resolve(dirname(from.file), ref.replace(/^file:\/\//, ''));
}

/** A reference out of the project is an error only `--trust` lifts (see format-kit `projectBoundary`). */
export function checkInsideProject(
  ref: string,
  file: string,
  path: DocPath,
  ctx: Pick<ReadContext, 'projectRoot' | 'source'>,
) {
  if (isInsideBoundary(file, ctx.projectRoot)) return;
  ctx.source.sink.errorNeedingTrust('outside-project', outsideProjectMessage(ref, file, ctx.projectRoot), at(path));
}

/**
 * The text of a file the eval file references (a prompt, a grader template, a tests file, PROMPT.md), read through
 * format-kit's `readSideFile`: one out of the project (by path or by a link) is an error only --trust lifts and is
 * not read without it; a FIFO, a device or a file over the cap is an error and never read. Undefined when not read.
 */
export function readReferencedFile(
  ref: string,
  file: string,
  path: DocPath,
  ctx: Pick<ReadContext, 'projectRoot' | 'source'>,
): string | undefined {
  const read = readSideFile(file, ctx.projectRoot, { ref });
  if (read.ok) {
    if (read.outside) ctx.source.sink.errorNeedingTrust('outside-project', read.outside, at(path));
    return read.text;
  }
  if (read.needsTrust) ctx.source.sink.errorNeedingTrust('outside-project', read.message, at(path));
  else
    ctx.source.sink.error(
      read.refused === 'missing' ? 'missing-reference' : 'unreadable-reference',
      read.message,
      at(path),
    );
  return undefined;
}

/** Where a file reference (a grader prompt, an input file) was found, as AgentV's `resolveFileReference` looks. */
export type FoundReference = { kind: 'ok'; file: string; shown: string } | { kind: 'missing'; lookedAt: string[] };

/**
 * Finds a referenced file the way AgentV does: an absolute path as written first, then the path with its leading
 * slashes trimmed against each search root (the eval file's folder, each one above it up to the repository root).
 * `..` is allowed; whether the file lies out of the project is the caller's to check.
 */
export function findReference(ref: string, ctx: Pick<ReadContext, 'fileBases'>): FoundReference {
  const shown = ref.replace(/^[/\\]+/, '') || ref;
  const candidates = [...(isAbsolute(ref) ? [normalize(ref)] : []), ...ctx.fileBases.map((b) => resolve(b, shown))];
  const lookedAt = [...new Set(candidates)];
  const file = lookedAt.find((c) => observedExists(c));
  return file ? { kind: 'ok', file, shown } : { kind: 'missing', lookedAt };
}

const isGlob = (path: string) => /[*?{]/.test(path);

/** A `file://` reference as files: a glob's matches, sorted (AgentV's fast-glob), else the one file (which may be missing). */
export function expandReference(ref: string, from: Source, path: DocPath, projectRoot: string): string[] {
  const file = resolveReference(ref, from);
  const written = ref.replace(/^file:\/\//, '');
  if (!isGlob(written)) return [file];
  // Expanded from the referencing file's folder, refused before any walk when it leaves it (absolute, `..`).
  const globbed = globSideFiles(written.replaceAll('\\', '/'), dirname(from.file), projectRoot, ref);
  if (!globbed.ok) {
    from.sink.errorNeedingTrust('outside-project', globbed.message, at(path));
    return [];
  }
  const matches = globbed.paths;
  if (matches.length === 0)
    from.sink.warning(
      'empty-glob',
      `The pattern "${ref}" matches no file (looked for ${file}); AgentV reads nothing from it either.`,
      at(path),
    );
  return matches;
}

/**
 * Expands `tests`: an inline list (objects, or strings naming raw case files), a path to a raw case
 * file (YAML list, JSON list or `{tests}`, JSONL, CSV), or a folder of `<name>/case.yaml` files.
 */
export function collectTests(
  value: unknown,
  path: DocPath,
  from: Source,
  sources: SourceSet,
  dialect: Dialect,
): TestEntry[] {
  if (typeof value === 'string')
    return dialect === 'agentv-4' ? fromV4Path(value, path, from, sources) : fromReference(value, path, from, sources);
  if (!Array.isArray(value)) {
    from.sink.error(
      'wrong-type',
      `"tests" is ${describe(value)}; write a list of tests, or a path to a case file or folder (tests: file://cases.yaml).`,
      at(path),
    );
    return [];
  }
  return value.flatMap((item, i): TestEntry[] => {
    const itemPath = [...path, i];
    if (typeof item === 'string' && dialect === 'agentv-4') return fromV4Entry(item, itemPath, from, sources);
    if (typeof item === 'string') return fromReference(item, itemPath, from, sources, { listed: true });
    if (isRecord(item) && typeof item.include === 'string' && item.id === undefined) {
      from.sink.warning(
        'unsupported-field',
        `Test includes ("include: ${item.include}") are not resolved by skill-eval; list the tests or reference the case file with tests: file://….`,
        at(itemPath),
      );
      return [];
    }
    return [{ value: item, path: itemPath, source: from, raw: false }];
  });
}

/**
 * A path to case files, as AgentV 5 reads it: a glob's matches, a folder of case folders, else a case file. A folder
 * named by a `file://` entry of a list is refused, as AgentV 5 refuses it (its `resolveFileReference` reads it as a
 * case file, case-file-loader.ts at 58f316ca2).
 */
function fromReference(
  ref: string,
  path: DocPath,
  from: Source,
  sources: SourceSet,
  { listed = false } = {},
): TestEntry[] {
  const file = resolveReference(ref, from);
  // fast-glob in AgentV: every matching file, sorted; none is a warning and no tests.
  if (isGlob(ref.replace(/^file:\/\//, '')))
    return expandReference(ref, from, path, sources.projectRoot).flatMap((match) =>
      fromFile(match, ref, path, from, sources),
    );
  if (observedExists(file) && observedStat(file).isDirectory()) {
    if (listed && ref.startsWith('file://')) return refuseListedFolder(ref, path, from);
    return fromFolder(file, ref, path, from, sources);
  }
  return fromFile(file, ref, path, from, sources);
}

/** A folder named by a `file://` entry of a tests list, which AgentV reads as a case file and so refuses. */
function refuseListedFolder(ref: string, path: DocPath, from: Source): TestEntry[] {
  from.sink.error(
    'unsupported-reference',
    `AgentV reads "${ref}" in a tests list as a case file and cannot read a folder there; it reads a folder of case folders from tests: <folder> alone.`,
    at(path),
  );
  return [];
}

/** The case files AgentV 4.42.4 reads (`loadCasesFromFile`, @agentv/core dist/index.cjs:3648-3673): others it refuses. */
const V4_CASE_FILES = ['.yaml', '.yml', '.jsonl'];

/**
 * `tests: <path>` as AgentV 4.42.4 reads it (dist/index.cjs:29293-29306): the path as written, resolved from the eval
 * file's folder — `file://` is not taken off, nor is a glob expanded — a folder of case folders, else a case file.
 */
function fromV4Path(ref: string, path: DocPath, from: Source, sources: SourceSet): TestEntry[] {
  if (ref.startsWith('file://')) {
    from.sink.error(
      'missing-reference',
      `AgentV 4 reads "tests: ${ref}" as the path "${ref}", which it cannot find: it takes file:// off list entries only. Write the path (tests: ./${ref.slice('file://'.length)}), or list it (tests: [${ref}]).`,
      at(path),
    );
    return [];
  }
  const file = resolve(dirname(from.file), ref);
  if (observedExists(file) && observedStat(file).isDirectory()) return fromFolder(file, ref, path, from, sources);
  return fromV4File(file, ref, path, from, sources);
}

/**
 * A string among the tests, as AgentV 4.42.4 reads it (`expandFileReferences`, dist/index.cjs:3755-3766): a `file://`
 * reference (a glob too) to case files — not a folder — else a test that is not an object, which it skips.
 */
function fromV4Entry(ref: string, path: DocPath, from: Source, sources: SourceSet): TestEntry[] {
  if (!ref.startsWith('file://')) {
    from.sink.warning(
      'dropped-by-agentv',
      `AgentV 4 skips this test: it is the text "${ref}", not a test, and only a file:// entry names a case file ("Skipping invalid test entry"); so does skill-eval. Write file://${ref.replace(/^\.\//, '')} to read the file.`,
      at(path),
    );
    return [];
  }
  return expandReference(ref, from, path, sources.projectRoot).flatMap((file) =>
    observedExists(file) && observedStat(file).isDirectory()
      ? refuseListedFolder(ref, path, from)
      : fromV4File(file, ref, path, from, sources),
  );
}

/** A case file of an AgentV 4 suite: YAML or JSONL only, as 4.42.4 reads them. */
function fromV4File(file: string, ref: string, path: DocPath, from: Source, sources: SourceSet): TestEntry[] {
  const ext = extname(file).toLowerCase();
  if (observedExists(file) && !V4_CASE_FILES.includes(ext)) {
    from.sink.error(
      'unsupported-reference',
      `The tests file "${ref}" is ${ext || 'extension-less'}; AgentV 4 reads YAML and JSONL case files only (.json and .csv from AgentV 5 on) and refuses the file. Write the tests as YAML or JSONL.`,
      at(path),
    );
    return [];
  }
  return fromFile(file, ref, path, from, sources);
}

/** The tests of one raw case file (YAML or JSON list, `{tests}`, JSONL). */
function fromFile(file: string, ref: string, path: DocPath, from: Source, sources: SourceSet): TestEntry[] {
  const ext = extname(file).toLowerCase();
  if (!observedExists(file)) {
    from.sink.error(
      'missing-reference',
      `The tests path "${ref}" does not exist (looked for ${file}); fix the path.`,
      at(path),
    );
    return [];
  }
  if (!['.yaml', '.yml', '.json', '.jsonl', '.csv'].includes(ext)) {
    from.sink.error(
      'unsupported-reference',
      `The tests file "${ref}" is ${ext || 'extension-less'}; skill-eval reads YAML, JSON, JSONL and CSV case files (dataset scripts are not run). Convert it to YAML.`,
      at(path),
    );
    return [];
  }
  const source = sources.open(file, from, path, { caseFile: true });
  if (!source || source.value === undefined) return [];
  if (source.value === null) {
    from.sink.warning(
      'empty-case-file',
      `The tests file "${ref}" is empty; AgentV skips it, and so does skill-eval.`,
      at(path),
    );
    return [];
  }
  const list = isRecord(source.value) && Array.isArray(source.value.tests) ? source.value.tests : source.value;
  const listPath = list === source.value ? [] : ['tests'];
  if (!Array.isArray(list)) {
    source.sink.error('wrong-type', `A case file holds a list of tests; this one holds ${describe(list)}.`, at([]));
    return [];
  }
  return list.map((item, i) => ({ value: item, path: [...listPath, i], source, raw: true }));
}

/** AgentV's directory form: each sub-folder with a `case.yaml` is one test, its id the folder's name. */
function fromFolder(dir: string, ref: string, path: DocPath, from: Source, sources: SourceSet): TestEntry[] {
  const entries: TestEntry[] = [];
  for (const name of observedList(dir).sort()) {
    const caseDir = join(dir, name);
    if (!observedStat(caseDir).isDirectory()) continue;
    const caseFile = ['case.yaml', 'case.yml'].map((f) => join(caseDir, f)).find((file) => observedExists(file));
    if (!caseFile) continue;
    const source = sources.open(caseFile, from, path);
    if (!source || source.value === undefined) continue;
    const workspace = join(caseDir, 'workspace');
    entries.push({
      value: source.value,
      path: [],
      source,
      raw: true,
      defaultId: basename(caseDir),
      ...(observedExists(workspace) && observedStat(workspace).isDirectory() ? { overlay: workspace } : {}),
    });
  }
  if (entries.length === 0) {
    from.sink.error(
      'empty-tests',
      `The tests folder "${ref}" holds no <name>/case.yaml files; add one per test.`,
      at(path),
    );
  }
  return entries;
}
