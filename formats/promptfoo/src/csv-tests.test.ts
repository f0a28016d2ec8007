import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Diagnostic, LoadResult } from '@skill-eval/core';
import { afterAll, describe, expect, it } from 'vitest';
import { assertionFromString } from './csv-shorthand.js';
import { loadPromptfoo } from './load-promptfoo.js';
import { loadTemplateEngine } from './render.js';

await loadTemplateEngine();

const dir = mkdtempSync(join(tmpdir(), 'promptfoo-csv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A config naming `tests.csv`, with the CSV's text. */
function load(csv: string, tests = 'file://tests.csv', name = 'tests.csv'): LoadResult {
  writeFileSync(join(dir, name), csv);
  const config = `prompts: ['Q {{q}}']\ntests: ${tests}\n`;
  writeFileSync(join(dir, 'promptfooconfig.yaml'), config);
  return loadPromptfoo(join(dir, 'promptfooconfig.yaml'), config, { cwd: dir });
}
const where = (d: Diagnostic) => `${d.severity} ${d.ruleId} ${d.file.endsWith('.csv') ? 'csv' : 'yaml'}:${d.line}`;

describe('CSV tests, as promptfoo 0.123.1 reads them', () => {
  it('makes each row a test: columns are vars, __expected cells assertions, Row #n its name', () => {
    const { suites, diagnostics } = load(
      'q,__expected,__expected2,__threshold\nalpha,contains:alpha,"not-icontains:BETA",0.5\n"b,eta",Q b,eta,\n',
    );
    expect(diagnostics).toEqual([]);
    const cases = suites[0]!.cases;
    expect(cases.map((c) => [c.name, c.turns[0], c.threshold])).toEqual([
      ['Row #1', 'Q alpha', 0.5],
      ['Row #2', 'Q b,eta', undefined],
    ]);
    expect(cases[0]!.checks).toEqual([
      { type: 'contains', value: 'alpha' },
      { type: 'icontains', value: 'BETA', negate: true },
    ]);
    // Plain text is equals; "eta" is no assertion type either.
    expect(cases[1]!.checks).toEqual([
      { type: 'equals', value: 'Q b' },
      { type: 'equals', value: 'eta' },
    ]);
    expect(cases[0]!.source.file).toBe(join(dir, 'tests.csv'));
    expect(cases[1]!.source.line).toBe(3);
  });

  it('reads __prefix, __suffix, __description and __metadata:key and key[] columns', () => {
    const { suites } = load(
      'q,__prefix,__suffix,__description,__metadata:area,__metadata:tags[]\nx,>> , <<,first,sea,"a, b\\, c"\n',
    );
    const c = suites[0]!.cases[0]!;
    expect([c.name, c.turns[0]]).toEqual(['first', '>> Q x <<']);
    expect(c.metadata.promptfoo).toEqual({ area: 'sea', tags: ['a', 'b, c'] });
  });

  it('gives an assertion its __config threshold by position among the row’s assertions', () => {
    const { suites } = load('q,__expected1,__expected2,__config:__expected2:threshold\nx,,equals:Q x,0.4\n');
    // The first assertion of the row is the second column's: promptfoo counts assertions, not columns.
    expect(suites[0]!.cases[0]!.checks).toEqual([{ type: 'equals', value: 'Q x' }]);
    const { suites: both } = load(
      'q,__expected1,__expected2,__config:__expected2:threshold\nx,contains:x,regex:x,0.4\n',
    );
    expect(both[0]!.cases[0]!.checks).toEqual([
      { type: 'contains', value: 'x' },
      { type: 'regex', value: 'x', threshold: 0.4 },
    ]);
  });

  it('names a row promptfoo refuses, and a CSV it cannot parse, at their lines', () => {
    const refused = load('q,__config:__expected:threshold\nx,0.5\ny,high\n');
    expect(refused.diagnostics.map(where)).toEqual(['error promptfoo/csv-cell csv:3']);
    expect(refused.diagnostics[0]!.message).toContain('"high"');
    const broken = load('q,__expected\nx,contains:x\ny,"open\n');
    expect(broken.diagnostics.map(where)).toEqual(['error promptfoo/syntax csv:3']);
    const ragged = load('q,__expected\nx,contains:x,extra\n');
    expect(ragged.diagnostics.map(where)).toEqual(['error promptfoo/syntax csv:2']);
  });

  it('points a diagnostic about a cell at its line and column', () => {
    const at = (d: Diagnostic) => `${d.ruleId} ${d.line}:${d.column}`;
    // The refused cell: `high` in the second column of line 3.
    expect(load('q,__config:__expected:threshold\nx,0.5\ny,high\n').diagnostics.map(at)).toEqual([
      'promptfoo/csv-cell 3:3',
    ]);
    // An invalid regex in the third column (a quoted cell starts at its quote), two rows down; an empty cell
    // before it counts.
    const regex = load('q,__expected1,__expected2\nx,,contains:x\ny,,"regex:(unclosed"\n').diagnostics;
    expect(regex.filter((d) => d.severity === 'error').map(at)).toEqual([expect.stringMatching(/ 3:4$/)]);
    // A cell after a quoted cell holding a comma and a line break.
    const multiline = load('q,__expected\n"a,\nb",regex:[\n').diagnostics;
    expect(multiline.filter((d) => d.severity === 'error').map(at)).toEqual([expect.stringMatching(/ 3:4$/)]);
  });

  it('points a warning about a column at its name in the header', () => {
    const { diagnostics } = load('q,_expected\nx,y\n');
    expect(diagnostics.map((d) => [d.ruleId, d.line, d.column])).toEqual([['promptfoo/csv-column', 1, 3]]);
  });

  it('warns about a column with one underscore, which promptfoo reads as a var', () => {
    const { suites, diagnostics } = load('q,_expected\nx,contains:x\n');
    expect(diagnostics.map(where)).toEqual(['warning promptfoo/csv-column csv:1']);
    expect(suites[0]!.cases[0]!.metadata.vars).toEqual({ q: 'x', _expected: 'contains:x' });
  });

  it('reads a scenario’s CSV in a list; named alone, promptfoo takes its rows raw, so it is an error', () => {
    writeFileSync(join(dir, 'rows.csv'), 'q,__expected\nx,contains:x\n');
    const config = (tests: string) =>
      `prompts: ['Q {{q}}']\nscenarios:\n  - config: [{vars: {lang: en}}]\n    tests: ${tests}\n`;
    const listed = loadPromptfoo(join(dir, 'promptfooconfig.yaml'), config('[file://rows.csv]'), { cwd: dir });
    expect(listed.diagnostics).toEqual([]);
    expect(listed.suites[0]!.cases.map((c) => [c.turns[0], c.checks])).toEqual([
      ['Q x', [{ type: 'contains', value: 'x' }]],
    ]);
    const alone = loadPromptfoo(join(dir, 'promptfooconfig.yaml'), config('file://rows.csv'), { cwd: dir });
    expect(alone.diagnostics.map(where)).toEqual(['error promptfoo/unsupported-tests yaml:4']);
  });

  it('reads a CSV named in a list of tests; a .tsv is no tests in promptfoo, so an error', () => {
    const listed = load('q\nx\ny\n', '[file://tests.csv, {vars: {q: z}}]');
    expect(listed.suites[0]!.cases.map((c) => c.turns[0])).toEqual(['Q x', 'Q y', 'Q z']);
    const tsv = load('q\tz\n', 'file://tests.tsv', 'tests.tsv');
    expect(tsv.diagnostics.map(where)).toEqual(['error promptfoo/unsupported-tests yaml:2']);
  });
});

// The cells promptfoo's own eval reads in the differential (fixtures/differential/csv-shorthand) are checked there;
// these are the ones skill-eval refuses to grade (similar, python) or that name files.
describe('the __expected shorthand (assertionFromString)', () => {
  it.each([
    ['javascript: output.length > 1', { type: 'javascript', value: 'output.length > 1' }],
    ['fn:x', { type: 'javascript', value: 'x' }],
    ['file://check.js', { type: 'javascript', value: 'file://check.js' }],
    ['grade: is kind', { type: 'llm-rubric', value: ' is kind' }],
    ['python:x', { type: 'python', value: 'x' }],
    ['file://check.py', { type: 'python', value: 'check.py' }],
    ['similar(0.9):hello', { type: 'similar', value: 'hello', threshold: 0.9 }],
    // The alternation tries `similar` before `similar:cosine`, so the colon starts the value.
    ['similar:hello', { type: 'similar', value: 'hello', threshold: 0.8 }],
    ['levenshtein:abc', { type: 'levenshtein', value: 'abc', threshold: 0.75 }],
    ['is-json: {"a"', { type: 'is-json', value: ' {"a"' }],
    ['contains-any:a, "b, c" ,d', { type: 'contains-any', value: ['a', 'b, c', 'd'] }],
    ['not-contains: x ', { type: 'not-contains', value: 'x' }],
    ['rouge-n(0.5)', { type: 'rouge-n', value: undefined, threshold: 0.5 }],
    ['contains(x):y', { type: 'equals', value: 'contains(x):y' }],
  ])('%s', (cell, assertion) => {
    expect(assertionFromString(cell)).toEqual(assertion);
  });
});
