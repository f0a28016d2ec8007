import { describe, expect, it } from 'vitest';
import { type LoadTriggersJsonOptions, loadTriggersJson } from './load-triggers-json.js';

// A path under no SKILL.md: nothing here reads the disk except the skill-root lookup.
const FILE = '/nonexistent-skill-eval-test/evals/triggers.json';
const load = (lines: string[], options: LoadTriggersJsonOptions = { skillName: 's' }) =>
  loadTriggersJson(FILE, lines.join('\n'), options);
const where = (diagnostics: { ruleId: string; line?: number; column?: number }[]) =>
  diagnostics.map((d) => [d.ruleId.replace('triggers-json/', ''), d.line, d.column]);
const messageAt = (diagnostics: { line?: number; column?: number; message: string }[], line: number, column: number) =>
  diagnostics.find((d) => d.line === line && d.column === column)?.message;

describe('broken JSON', () => {
  it('reports every syntax error with its line and column, and loads nothing', () => {
    const { suites, diagnostics } = load(['[', '  {"query": "a" "should_trigger": true},', "  {'query': 'b'},", ']']);
    expect(suites).toEqual([]);
    expect(where(diagnostics)).toEqual([
      ['syntax', 2, 17],
      ['syntax', 3, 4],
      ['syntax', 3, 11],
      ['syntax', 3, 13],
      ['syntax', 3, 16],
      ['syntax', 4, 1],
    ]);
    expect(diagnostics[0]!.message).toBe('Invalid JSON: a comma is expected between entries.');
    expect(diagnostics.every((d) => d.severity === 'error' && d.file === FILE)).toBe(true);
  });

  it('an empty file and an empty list are one error each', () => {
    expect(where(load(['', '  ']).diagnostics)).toEqual([['syntax', 1, 1]]);
    const empty = load(['', '  []']);
    expect(where(empty.diagnostics)).toEqual([['empty', 2, 3]]);
    expect(empty.diagnostics[0]!.message).toBe(
      'The list is empty; add queries like [{"query": "…", "should_trigger": true}].',
    );
  });

  it('a file of another shape is refused with the shape it should have', () => {
    const { diagnostics } = load(['{"evals": []}']);
    expect(where(diagnostics)).toEqual([['not-a-trigger-set', 1, 1]]);
    expect(diagnostics[0]!.message).toBe(
      'The file holds an object with no "queries" list and neither a "should_trigger" nor a "should_not_trigger" list; a trigger set is a list like [{"query": "…", "should_trigger": true}].',
    );
    expect(where(load(['"just text"']).diagnostics)).toEqual([['not-a-trigger-set', 1, 1]]);
  });
});

describe('standard list items', () => {
  it('missing, blank and non-string queries: errors at the value; a non-boolean should_trigger is read as Python does, with a warning', () => {
    const { suites, diagnostics } = load([
      '[',
      '  {"query": "fine", "should_trigger": false},',
      '  {"should_trigger": true},',
      '  {"query": "   ", "should_trigger": true},',
      '  {"query": ["x"]},',
      '  {"query": "q5", "should_trigger": "false"},',
      '  {"prompt": "q6"},',
      '  "q7",',
      '  {"query": "q8", "should_trigger": 1, "id": {}}',
      ']',
    ]);
    expect(where(diagnostics)).toEqual([
      ['missing-query', 3, 3],
      ['missing-query', 4, 13],
      ['wrong-type', 5, 13],
      ['not-boolean', 6, 37],
      ['missing-query', 7, 3],
      ['wrong-type', 8, 3],
      ['wrong-type', 9, 46],
      ['not-boolean', 9, 37],
    ]);
    const at = (line: number, column: number) => messageAt(diagnostics, line, column);
    expect(at(3, 3)).toBe('Query #2 has no "query"; add "query": "…" with the user message.');
    expect(at(4, 13)).toBe('Query #3 has a blank "query"; write the user message.');
    expect(at(5, 13)).toBe('"query" of query #4 is a list; write the user message as a string.');
    expect(at(6, 37)).toBe(
      '"should_trigger" of query #5 is the string "false", which skill-creator\'s and BMAD\'s trigger runners read as true (Python truthiness), and so does skill-eval; write true (no quotes) if that is meant.',
    );
    expect(at(7, 3)).toBe(
      'Query #6 has no "query" (this list reads "query", not "prompt"); add "query": "…" with the user message.',
    );
    expect(at(8, 3)).toBe('Item 7 is a string; each query is an object like {"query": "q7", "should_trigger": true}.');
    expect(at(9, 46)).toBe('The id of query #8 is an object; give it a non-empty string or a number, or remove it.');
    expect(suites[0]!.cases.map((c) => [c.id, c.turns[0], c.shouldTrigger])).toEqual([
      ['1', 'fine', false],
      ['5', 'q5', true],
    ]);
  });

  it('a should_trigger that is not a boolean is Python-truthy: "" and 0 are false, "no" and 1 are true', () => {
    const { suites, diagnostics } = load([
      '[',
      '  {"query": "a", "should_trigger": ""},',
      '  {"query": "b", "should_trigger": 0},',
      '  {"query": "c", "should_trigger": "no"},',
      '  {"query": "d", "should_trigger": 1},',
      '  {"query": "e", "should_trigger": null}',
      ']',
    ]);
    expect(diagnostics.map((d) => d.severity)).toEqual(['warning', 'warning', 'warning', 'warning', 'warning']);
    expect(suites[0]!.cases.map((c) => c.shouldTrigger)).toEqual([false, false, true, true, false]);
  });

  it('should_trigger defaults to true (BMAD gen 2), with one info at the first such query', () => {
    const { suites, diagnostics } = load([
      '[',
      '  {"query": "a", "should_trigger": false},',
      '  {"query": "b"},',
      '  {"query": "c"}',
      ']',
    ]);
    expect(where(diagnostics)).toEqual([['default-should-trigger', 3, 3]]);
    expect(diagnostics[0]!.severity).toBe('info');
    expect(diagnostics[0]!.message).toMatch(/^2 queries have no "should_trigger" and count as should-trigger/);
    const single = load(['[{"query": "a"}]']).diagnostics;
    expect(single[0]!.message).toMatch(/^One query has no "should_trigger" and counts as should-trigger/);
    expect(suites[0]!.cases.map((c) => [c.shouldTrigger, c.checks[0]!.negate])).toEqual([
      [false, true],
      [true, undefined],
      [true, undefined],
    ]);
  });

  it('ids: an item id wins, else the 1-based position; a repeated id is an error and the repeat is left out', () => {
    const { suites, diagnostics } = load([
      '[',
      '  {"id": "x", "query": "a", "should_trigger": true},',
      '  {"query": "b", "should_trigger": true},',
      '  {"id": 2, "query": "c", "should_trigger": true},',
      '  {"id": "x", "query": "d", "should_trigger": true}',
      ']',
    ]);
    expect(where(diagnostics)).toEqual([
      ['duplicate-id', 4, 10],
      ['duplicate-id', 5, 10],
    ]);
    expect(messageAt(diagnostics, 4, 10)).toBe(
      'Query 2 repeats the id "2" of the query at line 3 (a query without an id is known by its position); give it a unique id.',
    );
    expect(messageAt(diagnostics, 5, 10)).toMatch(/^Query "x" repeats the id "x" of the query at line 2/);
    expect(suites[0]!.cases.map((c) => [c.id, c.rawId, c.name])).toEqual([
      ['x', 'x', 'x'],
      ['2', undefined, 'b'],
    ]);
  });

  it('a repeated query text runs separately, as BMAD keeps queries by position, with an info', () => {
    const { suites, diagnostics } = load([
      '[',
      '  {"query": "same", "should_trigger": true},',
      '  {"query": "same", "should_trigger": false}',
      ']',
    ]);
    expect(where(diagnostics)).toEqual([['duplicate-query', 3, 3]]);
    expect(diagnostics[0]!.severity).toBe('info');
    expect(diagnostics[0]!.message).toMatch(/repeats the query at line 2; both run separately/);
    expect(suites[0]!.cases.map((c) => [c.id, c.shouldTrigger])).toEqual([
      ['1', true],
      ['2', false],
    ]);
  });

  it('repeated keys warn at the repeat; JSON keeps the last', () => {
    const { suites, diagnostics } = load(['[{"query": "a", "query": "b"}]']);
    expect(where(diagnostics)).toEqual([
      ['duplicate-key', 1, 17],
      ['default-should-trigger', 1, 2],
    ]);
    expect(suites[0]!.cases[0]!.turns).toEqual(['b']);
  });
});

describe('grouped variant', () => {
  it('strings and {id, prompt} items; a group that is not a list, a blank item, a missing prompt', () => {
    const { suites, diagnostics } = load([
      '{',
      '  "skill_name": "writer",',
      '  "should_not_trigger": ["no", {"id": 7, "prompt": "seven", "why": "x"}, " ", {"id": "y"}],',
      '  "should_trigger": "oops",',
      '  "notes": "kept"',
      '}',
    ]);
    expect(where(diagnostics)).toEqual([
      ['grouped-variant', 1, 1],
      ['unknown-key', 3, 61],
      ['missing-query', 3, 74],
      ['missing-query', 3, 79],
      ['wrong-type', 4, 21],
    ]);
    expect(messageAt(diagnostics, 3, 74)).toBe('Query #3 in "should_not_trigger" is blank; write the query text.');
    expect(messageAt(diagnostics, 3, 79)).toBe('Query "y" has no "prompt"; add "prompt": "…" with the user message.');
    expect(messageAt(diagnostics, 4, 21)).toBe(
      '"should_trigger" is a string; write a list of queries: "should_trigger": ["…"].',
    );
    const suite = suites[0]!;
    expect(suite.name).toBe('writer');
    expect(suite.settings).toEqual({ shape: 'grouped', skillName: 'writer', metadata: { notes: 'kept' } });
    expect(suite.cases.map((c) => [c.id, c.rawId, c.turns[0], c.shouldTrigger, c.metadata])).toEqual([
      ['1', undefined, 'no', false, {}],
      ['7', 7, 'seven', false, { why: 'x' }],
    ]);
    expect(suite.cases[1]!.checks).toEqual([{ type: 'skill-used', value: 'writer', negate: true }]);
  });

  it('warns of a key no trigger runner reads (runs, threshold), where it is written; notes and "_" keys are fine', () => {
    const { suites, diagnostics } = load([
      '[',
      '  {"query": "a", "should_trigger": true, "runs": 5, "threshold": 0.8},',
      '  {"query": "b", "should_trigger": false, "reason": "off topic", "_why": "x"}',
      ']',
    ]);
    expect(where(diagnostics).filter(([rule]) => rule === 'unknown-key')).toEqual([
      ['unknown-key', 2, 42],
      ['unknown-key', 2, 53],
    ]);
    expect(messageAt(diagnostics, 2, 42)).toMatch(
      /^Unknown key "runs" in query #1; .* not applied\. Check its spelling/,
    );
    expect(suites[0]!.cases[0]!.metadata).toEqual({ runs: 5, threshold: 0.8 });
  });

  it('groups with no queries at all are an error', () => {
    const { suites, diagnostics } = load(['{"should_trigger": [], "should_not_trigger": []}']);
    expect(where(diagnostics)).toEqual([
      ['grouped-variant', 1, 1],
      ['empty', 1, 1],
    ]);
    expect(suites).toEqual([]);
  });
});

describe('settings', () => {
  it('runs and threshold apply to every query', () => {
    const { suites } = load(['[{"query": "a", "should_trigger": true}]'], { skillName: 's', runs: 5, threshold: 0.8 });
    expect(suites[0]!.cases[0]).toMatchObject({ runs: 5, triggerThreshold: 0.8 });
  });
});
