import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { at, describe, isRecord } from './context.js';
import { type DocPath, jsonlSource, type Source, yamlSource } from './source.js';

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

  constructor(root: Source) {
    this.sources.push(root);
  }

  /** Reads a YAML/JSON/JSONL file; undefined (with an error at `from`) when it cannot be read. */
  open(file: string, from: Source, path: DocPath): Source | undefined {
    const known = this.sources.find((s) => s.file === file);
    if (known) return known;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      from.sink.error(
        'missing-reference',
        `Cannot read "${file}": ${(error as NodeJS.ErrnoException).code ?? error}. Fix the path.`,
        at(path),
      );
      return undefined;
    }
    const source = extname(file).toLowerCase() === '.jsonl' ? jsonlSource(file, text) : yamlSource(file, text);
    this.sources.push(source);
    return source;
  }
}

/** `file://x` or a plain relative path → absolute, relative to the referencing file. */
export function resolveReference(ref: string, from: Source): string {
  return resolve(dirname(from.file), ref.replace(/^file:\/\//, ''));
}

/**
 * Expands `tests`: an inline list (objects, or strings naming raw case files), a path to a raw case
 * file (YAML list, JSON list or `{tests}`, JSONL), or a folder of `<name>/case.yaml` files.
 */
export function collectTests(value: unknown, path: DocPath, from: Source, sources: SourceSet): TestEntry[] {
  if (typeof value === 'string') return fromReference(value, path, from, sources);
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
    if (typeof item === 'string') return fromReference(item, itemPath, from, sources);
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

function fromReference(ref: string, path: DocPath, from: Source, sources: SourceSet): TestEntry[] {
  const file = resolveReference(ref, from);
  if (!existsSync(file)) {
    from.sink.error(
      'missing-reference',
      `The tests path "${ref}" does not exist (looked for ${file}); fix the path.`,
      at(path),
    );
    return [];
  }
  if (statSync(file).isDirectory()) return fromFolder(file, ref, path, from, sources);
  const ext = extname(file).toLowerCase();
  if (!['.yaml', '.yml', '.json', '.jsonl'].includes(ext)) {
    from.sink.error(
      'unsupported-reference',
      `The tests file "${ref}" is ${ext || 'extension-less'}; skill-eval reads YAML, JSON and JSONL case files (CSV and dataset scripts are not read or run). Convert it to YAML.`,
      at(path),
    );
    return [];
  }
  const source = sources.open(file, from, path);
  if (!source || source.value === undefined) return [];
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
  for (const name of readdirSync(dir).sort()) {
    const caseDir = join(dir, name);
    if (!statSync(caseDir).isDirectory()) continue;
    const caseFile = ['case.yaml', 'case.yml'].map((f) => join(caseDir, f)).find(existsSync);
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
      ...(existsSync(workspace) && statSync(workspace).isDirectory() ? { overlay: workspace } : {}),
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
