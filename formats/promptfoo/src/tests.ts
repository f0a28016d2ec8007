import { dirname, extname } from 'node:path';
import { jsonPathSource } from '@skill-eval/format-kit/json-path-source';
import { csvSource } from './csv-tests.js';
import { type FileContext, readReferenced, withoutScheme } from './files.js';
import { at, type DocPath, describe, FORMAT_ID, isRecord, type Source, yamlSource } from './source.js';

/** One test as written, with the file and place it was read from. */
export interface TestEntry {
  test: Record<string, unknown>;
  source: Source;
  path: DocPath;
}

/** The keys promptfoo requires one of in a test (`readTest`, promptfoo 0.123.1 `dist/src/index.js` 29996). */
const TEST_KEYS = ['assert', 'vars', 'options', 'metadata', 'provider', 'providerOutput'] as const;

/** Extensions of test sources that are code or remote sheets: skill-eval does not run them. */
const CODE = new Set(['.js', '.cjs', '.mjs', '.ts', '.cts', '.mts', '.py']);

/**
 * The config's `tests`, as promptfoo's `readTests` reads them (index.js 30052-30090): a list of tests and test-file
 * globs, or one path. A `.yaml`/`.yml`/`.json`/`.jsonl` file holds one test or a list of them
 * (`loadTestsFromGlob`, 30004-30050); a single `tests: x.json` string is read as a standalone tests file, where a test
 * without a description is `Row #<n>` (`parseJsonTestCases`, 29877-29888). A `.csv` file is a row a test either way
 * (csv-tests.ts). Spreadsheets, code and remote datasets are named by an error: skill-eval does not read them yet.
 */
export function readTests(
  value: unknown,
  path: DocPath,
  source: Source,
  ctx: FileContext,
  files: Source[],
): TestEntry[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return fromFiles(value, path, source, ctx, files, true);
  if (isRecord(value) && typeof value.path === 'string')
    return fromFiles(value.path, [...path, 'path'], source, ctx, files, true);
  if (!Array.isArray(value)) {
    source.sink.error(
      'wrong-type',
      `"tests" is ${describe(value)}; write a list of tests, or a file path or glob.`,
      at(path),
    );
    return [];
  }
  return value.flatMap((item, i): TestEntry[] => {
    if (typeof item === 'string') return fromFiles(item, [...path, i], source, ctx, files, false);
    if (isRecord(item) && typeof item.path === 'string')
      return fromFiles(item.path, [...path, i, 'path'], source, ctx, files, true);
    return readTest(item, [...path, i], source, ctx, files);
  });
}

/** One inline test, checked as `readTest` checks it; `vars` given as file paths read as `readTestFiles` reads them. */
export function readTest(
  item: unknown,
  path: DocPath,
  source: Source,
  ctx: FileContext,
  files: Source[],
  isDefault = false,
): TestEntry[] {
  if (!isRecord(item)) {
    source.sink.error('wrong-type', `A test is ${describe(item)}; write a map with vars and assert.`, at(path));
    return [];
  }
  const test = { ...item };
  if (typeof test.vars === 'string' || Array.isArray(test.vars))
    test.vars = varsFromFiles(test.vars, [...path, 'vars'], source, ctx, files);
  if (
    !isDefault &&
    !TEST_KEYS.some((k) => test[k] !== undefined && test[k] !== null) &&
    typeof test.threshold !== 'number'
  ) {
    source.sink.error(
      'empty-test',
      `promptfoo refuses this test: it needs one of ${TEST_KEYS.join(', ')}, threshold (readTest). Add its vars and assert.`,
      at(path),
    );
    return [];
  }
  return [{ test, source, path }];
}

/** `readTestFiles` (index.js 29750-29762): each YAML file's map merged into the vars, in order. */
function varsFromFiles(
  refs: unknown,
  path: DocPath,
  source: Source,
  ctx: FileContext,
  files: Source[],
): Record<string, unknown> {
  const vars: Record<string, unknown> = {};
  const list = Array.isArray(refs) ? refs : [refs];
  list.forEach((ref, i) => {
    const where = Array.isArray(refs) ? [...path, i] : path;
    if (typeof ref !== 'string') return;
    for (const file of readReferenced(ref, ctx, source, at(where), 'The vars file')) {
      const parsed = yamlSource(file.path, file.text);
      files.push(parsed);
      if (isRecord(parsed.value)) Object.assign(vars, parsed.value);
    }
  });
  return vars;
}

function fromFiles(
  ref: string,
  path: DocPath,
  source: Source,
  ctx: FileContext,
  files: Source[],
  standalone: boolean,
): TestEntry[] {
  const written = withoutScheme(ref);
  const ext = extname(written.replace(/:[A-Za-z_]\w*$/, '')).toLowerCase();
  if (/^[a-z]+:\/\//i.test(written) || written.startsWith('az:') || CODE.has(ext) || ['.xlsx', '.xls'].includes(ext)) {
    source.sink.error(
      'unsupported-tests',
      `"${ref}" is a ${CODE.has(ext) ? 'test generator (code)' : 'tests source'} skill-eval does not read yet; write the tests in YAML or JSON (a list of {vars, assert}).`,
      at(path),
    );
    return [];
  }
  // promptfoo 0.123.1 reads tests from these extensions only: a `.tsv` (or any other) file is no tests when named
  // alone (`readLocalStandaloneTestsFile` returns [], index.js 29826-29858) and an error in a list
  // (`loadTestsFromGlob`, 30048); tab-separated rows reach it only as a `.csv` under PROMPTFOO_CSV_DELIMITER.
  if (!['.yaml', '.yml', '.json', '.jsonl', '.csv'].includes(ext)) {
    source.sink.error(
      'unsupported-tests',
      `promptfoo reads no tests from "${ref}" (unsupported file type); name .yaml, .yml, .json, .jsonl or .csv files.`,
      at(path),
    );
    return [];
  }
  const out: TestEntry[] = [];
  for (const file of readReferenced(ref, ctx, source, at(path), 'The tests file')) {
    if (ext === '.csv') {
      const sheet = csvSource(file.path, file.text);
      files.push(sheet);
      const rows = sheet.value as Record<string, unknown>[];
      rows.forEach((row, i) => {
        // A row promptfoo refuses is already an error at its line; it reaches no case.
        if (Object.keys(row).length > 0)
          out.push(...readTest(row, [i], sheet, { ...ctx, basePath: dirname(file.path) }, files));
      });
      continue;
    }
    const jsonl = file.path.endsWith('.jsonl');
    // A .json file named in a list goes through `loadTestsFromGlob`, which reads it with JSON.parse (index.js
    // 30040-30043); named alone, through `parseJsonTestCases`, which reads it as YAML (29923-29934).
    const strict = !standalone && file.path.endsWith('.json');
    const parts = jsonl
      ? jsonlSources(file.path, file.text)
      : [strict ? jsonPathSource(file.path, file.text, FORMAT_ID, JSON_READER) : yamlSource(file.path, file.text)];
    files.push(...parts);
    const rowNames = standalone && (jsonl || file.path.endsWith('.json'));
    let row = 0;
    for (const part of parts) {
      const items = Array.isArray(part.value)
        ? part.value.map((v, i) => ({ v, p: [i] as DocPath }))
        : [{ v: part.value, p: [] as DocPath }];
      for (const { v, p } of items) {
        row++;
        if (v === undefined || v === null) continue;
        const withName = rowNames && isRecord(v) && !v.description ? { ...v, description: `Row #${row}` } : v;
        out.push(...readTest(withName, p, part, { ...ctx, basePath: dirname(file.path) }, files));
      }
    }
  }
  return out;
}

const JSON_READER = 'promptfoo reads a .json tests file named in a list with JSON.parse.';
const JSONL_READER = 'promptfoo reads each line of a JSONL tests file with JSON.parse.';

/**
 * JSON Lines as promptfoo reads them (`parseJsonlLines`, index.js 29950-29957): each non-blank line `JSON.parse`d —
 * strict JSON, so a line only YAML reads is an error at it. One source a line, so that its diagnostics point at it.
 */
function jsonlSources(file: string, text: string): Source[] {
  const out: Source[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const padded = '\n'.repeat(i) + line;
    out.push(jsonPathSource(file, padded, FORMAT_ID, JSONL_READER));
  });
  return out;
}
