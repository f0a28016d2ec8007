import { dirname, isAbsolute, resolve } from 'node:path';
import { DiagnosticSink } from '@skill-eval/format-kit';
import type { At, Source } from './source.js';

/**
 * AgentV's CSV case files (`tests: file://cases.csv`), read as its `parseCsvCases` reads them
 * (packages/core/src/evaluation/loaders/case-file-loader.ts): the first row names the columns; `id`, `input`,
 * `__expected…` (one assertion each, in promptfoo's `type:value` shorthand), `__prefix`/`__suffix` around the input,
 * `__description` (criteria), `__metric`, `__threshold`, `__metadata:<key>` (`key[]` splits on unescaped commas),
 * `__config:__expectedN:threshold`; any other column is a var (`vars.a.b` nests). Each row is one test, its id the
 * `id` column or `row-N`.
 */

interface CsvRow {
  cells: string[];
  /** 1-based line where the row starts. */
  line: number;
}

/** Splits CSV text into rows as AgentV's hand-written parser does (quotes, doubled quotes, CRLF, a BOM). */
function parseRows(content: string): { rows: CsvRow[]; unterminatedAt?: number } {
  const rows: CsvRow[] = [];
  let row: string[] = [];
  let cell = '';
  let inQuotes = false;
  let rowStart = true;
  let line = 1;
  let rowLine = 1;
  const source = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    const next = source[index + 1];
    if (inQuotes) {
      if (char === '"' && next === '"') {
        cell += '"';
        index++;
      } else if (char === '"') inQuotes = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '') {
      inQuotes = true;
      rowStart = false;
      continue;
    }
    if (char === ',') {
      row.push(cell);
      cell = '';
      rowStart = false;
      continue;
    }
    if (char === '\n' || char === '\r') {
      if (char === '\r' && next === '\n') index++;
      row.push(cell);
      if (!rowStart || row.some((value) => value.length > 0)) rows.push({ cells: row, line: rowLine });
      row = [];
      cell = '';
      rowStart = true;
      line++;
      rowLine = line;
      continue;
    }
    cell += char;
    rowStart = false;
  }
  if (inQuotes) return { rows, unterminatedAt: rowLine };
  if (!rowStart || cell.length > 0 || row.length > 0) {
    row.push(cell);
    rows.push({ cells: row, line: rowLine });
  }
  return { rows };
}

const SHORTHAND_TYPES = new Set([
  'contains',
  'contains-any',
  'contains-all',
  'icontains',
  'icontains-any',
  'icontains-all',
  'starts-with',
  'ends-with',
  'regex',
  'is-json',
  'equals',
  'latency',
  'cost',
]);
const LIST_TYPES = new Set(['contains-any', 'contains-all', 'icontains-any', 'icontains-all']);

/** One `__expected` cell as an AgentV assertion (parseAssertionFromString); a string is a problem to report. */
function assertionOf(expected: string, file: string): Record<string, unknown> | string {
  if (expected.startsWith('grade:') || expected.startsWith('llm-rubric:')) {
    const value = expected.slice(expected.startsWith('grade:') ? 6 : 11).trim();
    return { type: 'llm-grader', rubrics: [{ id: 'rubric', outcome: value, weight: 1 }] };
  }
  const fn = ['javascript:', 'fn:', 'eval:'].find((prefix) => expected.startsWith(prefix));
  if (fn) return { type: 'inline-assert', code: expected.slice(fn.length).trim() };
  if (expected.startsWith('python:'))
    return { type: 'script', command: ['uv', 'run', 'python', expected.slice('python:'.length).trim()] };
  if (expected.startsWith('file://')) {
    const path = expected.slice('file://'.length).trim();
    if (!path.endsWith('.py'))
      return `"${expected}" is a file assertion AgentV refuses: only file://*.py script graders are supported.`;
    return { type: 'script', command: ['uv', 'run', 'python', isAbsolute(path) ? path : resolve(dirname(file), path)] };
  }
  const match = /^((?:not-)?[a-z][a-z0-9-]*)(?:\((\d+(?:\.\d+)?)\))?(?::([\s\S]*))?$/.exec(expected);
  if (!match) return { type: 'equals', value: expected };
  const [, rawType, thresholdText, rawValue] = match as unknown as [string, string, string?, string?];
  const negate = rawType.startsWith('not-');
  const type = negate ? rawType.slice(4) : rawType;
  const value = rawValue?.trim();
  const parsed = thresholdText ? Number.parseFloat(thresholdText) : undefined;
  const threshold = parsed !== undefined ? parsed : type === 'starts-with' ? 0.75 : undefined;
  if (!SHORTHAND_TYPES.has(type)) {
    if (rawValue !== undefined || thresholdText !== undefined)
      return `"${type}" is an __expected assertion AgentV refuses; it reads ${[...SHORTHAND_TYPES].join(', ')}.`;
    return { type: 'equals', value: expected };
  }
  if ((type === 'latency' || type === 'cost') && threshold === undefined)
    return `The __expected ${type} assertion needs a numeric limit, e.g. ${type}(1).`;
  const assertion: Record<string, unknown> = { type };
  if (negate) assertion.negate = true;
  if (LIST_TYPES.has(type)) assertion.value = value ? value.split(',').map((item) => item.trim()) : [];
  else if (value !== undefined) assertion.value = value;
  if (type === 'latency') assertion.threshold = threshold;
  else if (type === 'cost') assertion.budget = threshold;
  else if (threshold !== undefined) assertion.min_score = threshold;
  return assertion;
}

function setVar(vars: Record<string, unknown>, key: string, value: string) {
  const path = key.startsWith('vars.')
    ? key
        .slice(5)
        .split('.')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
  if (path.length === 0) {
    vars[key] = value;
    return;
  }
  let at = vars;
  for (const segment of path.slice(0, -1)) {
    const existing = at[segment];
    if (typeof existing !== 'object' || existing === null || Array.isArray(existing)) at[segment] = {};
    at = at[segment] as Record<string, unknown>;
  }
  at[path.at(-1)!] = value;
}

/** One row as the test object AgentV builds; problems AgentV throws on are errors at the row. */
function testOf(headers: string[], row: CsvRow, index: number, file: string, report: (m: string) => void) {
  const vars: Record<string, unknown> = {};
  const metadata: Record<string, unknown> = {};
  const assertions: Record<string, unknown>[] = [];
  const configs = new Map<number, number>();
  let id: string | undefined;
  let input: string | undefined;
  let prefix = '';
  let suffix = '';
  let criteria: string | undefined;
  let metric: string | undefined;
  let threshold: number | undefined;
  // A refused assertion is still one AgentV's row holds (it refuses the file over it): the test is not one without any.
  let refusedExpected = false;
  headers.forEach((key, i) => {
    if (key.length === 0) return;
    const value = row.cells[i] ?? '';
    if (key === 'id') id = value;
    else if (key === 'input') input = value;
    else if (key.startsWith('__expected')) {
      if (value.trim() === '') return;
      const assertion = assertionOf(value.trim(), file);
      refusedExpected ||= typeof assertion === 'string';
      if (typeof assertion === 'string') report(assertion);
      else assertions.push(assertion);
    } else if (key === '__prefix') prefix = value;
    else if (key === '__suffix') suffix = value;
    else if (key === '__description') criteria = value;
    else if (key === '__provider_output' || key === '__providerOutput')
      report(`${key} has been removed from AgentV's CSV imports; use a deterministic target for fixed outputs.`);
    else if (key === '__metric') metric = value;
    else if (key === '__threshold') {
      const parsed = Number.parseFloat(value);
      if (Number.isFinite(parsed)) threshold = parsed;
    } else if (key.startsWith('__metadata:')) {
      const name = key.slice('__metadata:'.length);
      if (value.trim() === '') return;
      metadata[name.endsWith('[]') ? name.slice(0, -2) : name] = name.endsWith('[]')
        ? value
            .split(/(?<!\\),/)
            .map((item) => item.trim().replaceAll('\\,', ','))
            .filter((item) => item.length > 0)
        : value;
    } else if (key.startsWith('__config:')) {
      const [expectedKey = '', configKey] = key.slice('__config:'.length).split(':');
      const target =
        expectedKey === '__expected'
          ? 0
          : /^__expected\d+$/.test(expectedKey)
            ? Number.parseInt(expectedKey.slice('__expected'.length), 10) - 1
            : -1;
      const parsed = Number.parseFloat(value);
      if (configKey !== 'threshold') report(`The column "${key}" sets "${configKey}"; AgentV reads only threshold.`);
      else if (target < 0) report(`The column "${key}" names no __expected column.`);
      else if (!Number.isFinite(parsed)) report(`The column "${key}" holds "${value}", not a number.`);
      else configs.set(target, parsed);
    } else setVar(vars, key, value);
  });
  assertions.forEach((assertion, i) => {
    if (metric) {
      assertion.metric = metric;
      assertion.name = assertions.length === 1 ? metric : `${metric}-${i + 1}`;
    }
    const config = configs.get(i);
    if (config !== undefined) {
      assertion.min_score = config;
      metadata.threshold = config;
    }
  });
  return {
    id: id && id.trim() !== '' ? id : `row-${index + 1}`,
    ...(input !== undefined ? { input: `${prefix}${input}${suffix}` } : {}),
    ...(criteria ? { criteria } : {}),
    ...(assertions.length > 0 || refusedExpected ? { assert: assertions } : {}),
    ...(threshold !== undefined ? { threshold, execution: { threshold } } : {}),
    ...(Object.keys(vars).length > 0 ? { vars } : {}),
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
  };
}

/** A CSV case file as a source whose value is the list of tests AgentV reads from it, each positioned at its row. */
export function csvSource(file: string, text: string): Source {
  const { rows, unterminatedAt } = parseRows(text);
  const rowLines = rows.slice(1).map((row) => row.line);
  const locate = (at: At) => {
    const index = at.path[0];
    return { line: typeof index === 'number' ? (rowLines[index] ?? 1) : 1, column: 1 };
  };
  const sink = new DiagnosticSink<string, At>(file, 'agentv', locate);
  const source: Source = { file, value: [], sink, locate };
  if (unterminatedAt !== undefined) {
    sink.error('syntax', 'A quoted cell is never closed; AgentV refuses the file. Close the quote.', { path: [] });
    sink.diagnostics.at(-1)!.line = unterminatedAt;
    source.value = undefined;
    return source;
  }
  const headers = (rows[0]?.cells ?? []).map((header) => header.trim());
  source.value = rows
    .slice(1)
    .map((row, index) =>
      testOf(headers, row, index, file, (message) => sink.error('csv-column', message, { path: [index] })),
    );
  return source;
}
