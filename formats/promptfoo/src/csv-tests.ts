import { DiagnosticSink, type Position } from '@skill-eval/format-kit';
import { parse } from 'csv-parse/sync';
import { assertionFromString, parseFiniteNumber, ShorthandError } from './csv-shorthand.js';
import { type At, FORMAT_ID, type Source } from './source.js';

/**
 * A CSV tests file (`tests: file://tests.csv`), read as promptfoo 0.123.1 reads it: parsed by csv-parse with
 * promptfoo's options (`parseCsvRows`/`parseLocalCsv`, `dist/src/index.js` 29893-29916: header row as columns, BOM
 * stripped, `,` as delimiter, strict quotes first and relaxed quotes when that fails), each row a test
 * (`csvRowsToTestCases`, 29860-29866, named `Row #<n>` when it has no description). The source's value is the list
 * of tests; a diagnostic about test `i` points at the cell it comes from (an assertion at its `__expected` cell, a
 * var at its column's), else at the line its row starts on.
 */
export function csvSource(file: string, text: string): Source {
  let cells: Position[][] = [];
  let headers: string[] = [];
  /** Per row: the column each part of its test comes from (`assert.0` → `__expected2`, `vars.q` → `q` …). */
  const origins: Map<string, string>[] = [];
  const cellOf = (row: number, column: string | undefined): Position | undefined => {
    const index = column === undefined ? -1 : headers.indexOf(column);
    return index < 0 ? undefined : cells[row + 1]?.[index];
  };
  const locate = (at: At): Position => {
    const [row, ...rest] = at.path;
    if (typeof row !== 'number') return { line: 1, column: 1 };
    // The longest part of the path a column gave: `assert.0.value` is the cell of `assert.0`.
    for (let n = rest.length; n > 0; n--) {
      const cell = cellOf(row, origins[row]?.get(rest.slice(0, n).join('.')));
      if (cell) return cell;
    }
    return { line: cells[row + 1]?.[0]?.line ?? 1, column: 1 };
  };
  const sink = new DiagnosticSink<string, At>(file, FORMAT_ID, locate);
  let rows: Record<string, string>[];
  try {
    rows = parseCsvRows(text);
  } catch (error) {
    const e = error as Error & { lines?: number };
    sink.error('syntax', `promptfoo cannot read this CSV file: ${e.message}. Fix the row it names.`, { path: [] });
    const last = sink.diagnostics.at(-1)!;
    if (typeof e.lines === 'number') last.line = e.lines;
    return { file, value: [], sink, locate };
  }
  cells = cellStarts(text);
  headers = Object.keys(rows[0] ?? {});
  const tests: Record<string, unknown>[] = [];
  const warned = new Set<string>();
  rows.forEach((row, i) => {
    const origin = new Map<string, string>();
    origins.push(origin);
    try {
      const test = testCaseFromCsvRow(
        row,
        warned,
        (message, column) => {
          // A warning about a column points at its name in the header.
          sink.warning('csv-column', message, { path: [] });
          const header = cells[0]?.[headers.findIndex((h) => h.trim() === column)];
          if (header) Object.assign(sink.diagnostics.at(-1)!, header);
        },
        (part, column) => origin.set(part, column),
      );
      test.description ||= `Row #${i + 1}`;
      tests.push(test);
    } catch (error) {
      if (!(error instanceof ShorthandError)) throw error;
      sink.error('csv-cell', `promptfoo refuses this row: ${error.message}.`, { path: [i] });
      const cell = cellOf(i, error.column);
      if (cell) Object.assign(sink.diagnostics.at(-1)!, cell);
      // Keeps the other rows' numbering and positions: a refused row is an empty test the loader skips.
      tests.push({});
    }
  });
  return { file, value: tests, sink, locate };
}

/** `parseCsvRows` (index.js 29904-29917) with `PROMPTFOO_CSV_DELIMITER` and `PROMPTFOO_CSV_STRICT` unset. */
function parseCsvRows(text: string): Record<string, string>[] {
  const read = (relaxQuotes: boolean) =>
    parse(text, { columns: true, bom: true, delimiter: ',', relax_quotes: relaxQuotes }) as Record<string, string>[];
  try {
    return read(false);
  } catch {
    return read(true);
  }
}

/**
 * Where each cell of each record starts (record 0 is the header), for diagnostics only: a field ends at a comma and
 * a record at a line break outside double quotes (promptfoo's parse has no `skip_empty_lines`, so no record is
 * skipped); an empty cell is where its comma or line break is.
 */
function cellStarts(text: string): Position[][] {
  const records: Position[][] = [[]];
  let [line, column] = [1, 1];
  let quoted = false;
  let atCell = true;
  for (const c of text) {
    if (atCell) records.at(-1)!.push({ line, column });
    atCell = false;
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === ',') atCell = true;
    else if (!quoted && c === '\n') {
      records.push([]);
      atCell = true;
    }
    if (c === '\n') [line, column] = [line + 1, 1];
    else column++;
  }
  return records;
}

/** The `__` columns promptfoo warns about when written with one underscore (index.js 29418-29433). */
const SPECIAL = [
  'expected',
  'prefix',
  'suffix',
  'description',
  'providerOutput',
  'metric',
  'threshold',
  'metadata',
  'config',
];

/**
 * One row as `testCaseFromCsvRow` makes it (index.js 29407-29512): `__expected…` cells are assertions in the
 * shorthand, `__prefix`/`__suffix` the prompt's options, `__description`, `__providerOutput`, `__metric` (every
 * assertion's metric), `__threshold` (the test's), `__metadata:<key>` (`<key>[]` split on unescaped commas),
 * `__config:__expected<N>:threshold` (that assertion's threshold, also put in the metadata); any other column is a
 * var. Column names are trimmed, cells are not. A `__config` column promptfoo refuses is thrown as a ShorthandError
 * naming its column; `report` hears each warning with the column it is about. `origin` hears which column gave
 * each part of the test (`assert.0`, `vars.q`, `threshold` …).
 */
export function testCaseFromCsvRow(
  row: Record<string, string>,
  warned: Set<string>,
  report: (message: string, column: string) => void,
  origin: (part: string, column: string) => void = () => {},
): Record<string, unknown> {
  // promptfoo warns once per column (`uniqueErrorMessages`); a bare `__metadata` column is ignored only while its
  // warning is new, and is a var in every later row (the else-if chain of index.js 29449-29481 falls through).
  const warn = (key: string, message: string) => {
    if (warned.has(key)) return;
    warned.add(key);
    report(message, key);
  };
  const vars: Record<string, string> = {};
  const asserts: Record<string, unknown>[] = [];
  const options: Record<string, string> = {};
  const metadata: Record<string, unknown> = {};
  const configs: Record<number, Record<string, number>> = {};
  let providerOutput: string | undefined;
  let description: string | undefined;
  let metric: string | undefined;
  let threshold: number | undefined;
  for (const [rawKey, value] of Object.entries(row)) {
    try {
      readCell(rawKey, value);
    } catch (error) {
      if (error instanceof ShorthandError) error.column ??= rawKey;
      throw error;
    }
  }
  function readCell(rawKey: string, value: string) {
    const key = rawKey.trim();
    if (!key.startsWith('__') && SPECIAL.some((k) => key.startsWith(`_${k}`)) && !warned.has(key))
      warn(
        key,
        `The column "${key}" has one underscore; promptfoo reads it as a var. Did you mean "${key.replace('_', '__')}"?`,
      );
    if (key.startsWith('__expected')) {
      if (value.trim() !== '') {
        asserts.push(assertionFromString(value.trim()));
        origin(`assert.${asserts.length - 1}`, rawKey);
      }
    } else if (key === '__prefix') options.prefix = value;
    else if (key === '__suffix') options.suffix = value;
    else if (key === '__description') description = value;
    else if (key === '__providerOutput') providerOutput = value;
    else if (key === '__metric') metric = value;
    else if (key === '__threshold') threshold = parseFiniteNumber(value);
    else if (key.startsWith('__metadata:')) {
      const name = key.slice(11);
      if (name.endsWith('[]')) {
        if (value.trim() !== '')
          metadata[name.slice(0, -2)] = value
            .split(/(?<!\\),/)
            .map((v) => v.trim())
            .map((v) => v.replace(/\\,/g, ','));
      } else if (value.trim() !== '') metadata[name] = value;
    } else if (key === '__metadata')
      warn(
        key,
        'The column "__metadata" needs a key (e.g. "__metadata:category"); promptfoo ignores it, and so does skill-eval.',
      );
    else if (key.startsWith('__config:')) readConfigColumn(key, value, configs, warn);
    else vars[key] = value;
    if (!key.startsWith('__expected')) origin(partOf(key), rawKey);
  }
  asserts.forEach((assertion, i) => {
    if (metric !== undefined) assertion.metric = metric;
    for (const [name, number] of Object.entries(configs[i] ?? {})) {
      assertion[name] = number;
      metadata[name] = number;
    }
  });
  return {
    vars,
    assert: asserts,
    options,
    ...(description ? { description } : {}),
    ...(providerOutput ? { providerOutput } : {}),
    ...(threshold === undefined ? {} : { threshold }),
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
  };
}

/** The part of a test a column other than `__expected` gives (`q` → `vars.q`, `__metadata:tags[]` → `metadata.tags`). */
function partOf(key: string): string {
  if (!key.startsWith('__')) return `vars.${key}`;
  if (key === '__prefix' || key === '__suffix') return `options.${key.slice(2)}`;
  return key
    .slice(2)
    .replace(/^metadata:/, 'metadata.')
    .replace(/\[\]$/, '');
}

/** `__config:__expected<N>:threshold` (index.js 29452-29480): promptfoo throws on any other key or a bad number. */
function readConfigColumn(
  key: string,
  value: string,
  configs: Record<number, Record<string, number>>,
  warn: (key: string, message: string) => void,
): void {
  const parts = key.slice(9).split(':');
  if (parts.length !== 2) {
    warn(
      key,
      `The column "${key}" is not "__config:__expected:threshold" or "__config:__expected<N>:threshold"; promptfoo ignores it, and so does skill-eval.`,
    );
    return;
  }
  const [expectedKey = '', configKey = ''] = parts;
  const n = expectedKey === '__expected' ? 1 : Number(expectedKey.match(/^__expected(\d+)$/)?.[1] ?? 0);
  if (n < 1)
    throw new ShorthandError(
      `the column "${key}" names "${expectedKey}"; write __expected or __expected<N> (N from 1)`,
    );
  if (configKey !== 'threshold')
    throw new ShorthandError(
      `the column "${key}" sets "${configKey}"; the only key a __config column sets is threshold`,
    );
  const number = parseFiniteNumber(value);
  if (number === undefined)
    throw new ShorthandError(`"${value}" in the column "${key}" is not a number; write the threshold, e.g. 0.8`);
  configs[n - 1] = { ...configs[n - 1], [configKey]: number };
}
