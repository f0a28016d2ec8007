/**
 * yianyao/skillverify's trigger query set, `evals/trigger-queryset.json` = `{skill_name, queries: [...]}`, as its
 * `skillverify/trigger.py` reads it (commit 0aa16a15): `read_queryset` takes `data.get("queries")`; `_check_queryset`
 * wants `id`, `query`, a boolean `should_trigger` (TRIG-002, `_is_bool`) and `subset`, and counts a query as a positive
 * or a negative only when `should_trigger` is true or false (TRIG-009); `category` and `rationale` are its notes.
 * Its evals-skill writes the file (tests/test_docs.py `write_assets`).
 */
import { describe, expect, it } from 'vitest';
import { detectTriggersJson } from './detect.js';
import { loadTriggersJson } from './load-triggers-json.js';
import { TriggersFileSchema } from './triggers-file-schema.js';

const FILE = '/nonexistent-skill-eval-test/csv-report/evals/trigger-queryset.json';
const where = (diagnostics: { ruleId: string; line?: number; column?: number }[]) =>
  diagnostics.map((d) => [d.ruleId.replace('triggers-json/', ''), d.line, d.column]);

const SET = [
  '{',
  '  "skill_name": "csv-report",',
  '  "queries": [',
  '    {"id": "P01", "query": "sum this csv by month", "should_trigger": true, "subset": "train", "category": "positive-direct", "rationale": "core"},',
  '    {"id": "N01", "query": "write a poem", "should_trigger": false, "subset": "validation", "category": "negative-near-miss"}',
  '  ]',
  '}',
].join('\n');

describe("skillverify's {skill_name, queries} trigger set", () => {
  it('is claimed by content and by its file name', () => {
    expect(detectTriggersJson('/a/whatever.json', SET)).toBe(0.9);
    expect(detectTriggersJson('/a/trigger-queryset.json', '{"queries": 3}')).toBe(0.3);
    expect(detectTriggersJson('/a/evals.json', '{"skill_name": "x", "evals": []}')).toBe(0);
    expect(TriggersFileSchema.safeParse(JSON.parse(SET)).success).toBe(true);
  });

  it('reads each query as a trigger case of the named skill; subset, category and rationale are metadata', () => {
    const { suites, diagnostics } = loadTriggersJson(FILE, SET);
    expect(diagnostics).toEqual([]);
    const suite = suites[0]!;
    expect(suite.name).toBe('csv-report');
    expect(suite.settings).toEqual({ shape: 'wrapped', skillName: 'csv-report' });
    expect(
      suite.cases.map((c) => [c.id, c.turns[0], c.shouldTrigger, c.runs, c.triggerThreshold, c.checks, c.metadata]),
    ).toEqual([
      [
        'P01',
        'sum this csv by month',
        true,
        3,
        0.5,
        [{ type: 'skill-used', value: 'csv-report' }],
        { subset: 'train', category: 'positive-direct', rationale: 'core' },
      ],
      [
        'N01',
        'write a poem',
        false,
        3,
        0.5,
        [{ type: 'skill-used', value: 'csv-report', negate: true }],
        { subset: 'validation', category: 'negative-near-miss' },
      ],
    ]);
    expect(suite.cases[0]!.source).toMatchObject({ line: 4, column: 5, dialect: 'wrapped' });
  });

  it('a should_trigger that is not true or false is an error there (skillverify grades the query as neither)', () => {
    const { suites, diagnostics } = loadTriggersJson(
      FILE,
      [
        '{"skill_name": "csv-report", "queries": [',
        '  {"id": "a", "query": "q1", "should_trigger": "true"},',
        '  {"id": "b", "query": "q2"},',
        '  {"id": "c", "query": "q3", "should_trigger": false}',
        ']}',
      ].join('\n'),
    );
    expect(where(diagnostics)).toEqual([
      ['not-boolean', 2, 48],
      ['not-boolean', 3, 3],
    ]);
    expect(diagnostics[0]!.message).toMatch(/^"should_trigger" of query "a" is the string "true"; skillverify/);
    expect(suites[0]!.cases.map((c) => c.id)).toEqual(['c']);
  });

  it('an empty queries list, and one whose items are not queries, are errors at the list and the item', () => {
    expect(where(loadTriggersJson(FILE, '{"skill_name": "x", "queries": []}').diagnostics)).toEqual([['empty', 1, 32]]);
    expect(where(loadTriggersJson(FILE, '{"skill_name": "x", "queries": ["q"]}').diagnostics)).toEqual([
      ['wrong-type', 1, 33],
    ]);
  });
});
