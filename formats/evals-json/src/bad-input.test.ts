import { describe, expect, it } from 'vitest';
import { type LoadEvalsJsonOptions, loadEvalsJson } from './load-evals-json.js';

// A path under no SKILL.md: nothing here reads the disk except the skill-root lookup.
const FILE = '/nonexistent-skill-eval-test/evals/evals.json';
// The no-skill warning every file here gets is tested in fixtures.test.ts; these tests look at the rest.
const load = (lines: string[], options?: LoadEvalsJsonOptions, file = FILE) => {
  const result = loadEvalsJson(file, lines.join('\n'), options);
  return { ...result, diagnostics: result.diagnostics.filter((d) => d.ruleId !== 'evals-json/no-skill') };
};
const where = (diagnostics: { ruleId: string; line?: number; column?: number }[]) =>
  diagnostics.map((d) => [d.ruleId.replace('evals-json/', ''), d.line, d.column]);

describe('broken JSON', () => {
  it('reports every syntax error with its line and column, and loads nothing', () => {
    const { suites, diagnostics } = load([
      '{',
      '  "skill_name": "x",',
      '  "evals": [',
      '    { "id": 1, "prompt": "a" "expected_output": "b" },',
      '    // a comment',
      '    { "id": 2, "prompt": \'single\' },',
      '  ]',
      '}',
    ]);
    expect(suites).toEqual([]);
    expect(where(diagnostics)).toEqual([
      ['syntax', 4, 30],
      ['syntax', 5, 5],
      ['syntax', 6, 26],
      ['syntax', 6, 35],
      ['syntax', 7, 3],
    ]);
    expect(diagnostics[0]!.message).toBe('Invalid JSON: a comma is expected between entries.');
    expect(diagnostics[1]!.message).toContain('comments are not allowed');
    expect(diagnostics.every((d) => d.severity === 'error' && d.file === FILE)).toBe(true);
  });

  it('treats trailing commas as errors, as JSON.parse does', () => {
    const { diagnostics } = load(['{"evals": [{"id": 1, "prompt": "a",}],', '}']);
    expect(where(diagnostics)).toEqual([
      ['syntax', 1, 36],
      ['syntax', 2, 1],
    ]);
    expect(diagnostics[0]!.message).toContain('no trailing comma');
  });

  it('a file nested deeper than any eval file needs is one error at the place, not a crash', () => {
    const depth = 50_000;
    const { suites, diagnostics } = load(['{', `  "evals": ${'['.repeat(depth)}${']'.repeat(depth)}`, '}']);
    expect(suites).toEqual([]);
    expect(where(diagnostics)).toEqual([['syntax', 2, 1011]]);
    expect(diagnostics[0]!.message).toContain('nest more than 1000 levels deep');
  });

  it('an empty file is one error', () => {
    expect(where(load(['  ']).diagnostics)).toEqual([['syntax', 1, 1]]);
  });

  it('a BOM does not shift columns', () => {
    const { diagnostics } = load(['\uFEFF{"evals": [{"id": 1}]}']);
    expect(where(diagnostics)).toEqual([['missing-prompt', 1, 13]]);
  });
});

describe('evals items', () => {
  it('missing, blank and non-string prompts are errors at the item or value; other evals still load', () => {
    const { suites, diagnostics } = load([
      '{',
      '  "evals": [',
      '    {"id": 1, "prompt": "fine", "assertions": ["a"]},',
      '    {"id": 2, "assertions": ["a"]},',
      '    {"id": 3, "prompt": "   ", "assertions": ["a"]},',
      '    {"id": 4, "prompt": ["multi"], "assertions": ["a"]}',
      '  ]',
      '}',
    ]);
    expect(where(diagnostics)).toEqual([
      ['missing-prompt', 4, 5],
      ['missing-prompt', 5, 25],
      ['wrong-type', 6, 25],
    ]);
    expect(diagnostics[0]!.message).toBe('Eval 2 has no "prompt"; add a "prompt" string to eval 2.');
    expect(diagnostics[1]!.message).toBe('Eval 3 has a blank "prompt"; add a "prompt" string to eval 3.');
    expect(diagnostics[2]!.message).toBe('"prompt" of eval 4 is a list; write it as a string.');
    expect(suites[0]!.cases.map((c) => c.id)).toEqual(['1']);
  });

  it('duplicate ids after normalisation ("1" and 1): error at the second, naming the first line', () => {
    const { suites, diagnostics } = load([
      '{"evals": [',
      '  {"id": "1", "prompt": "a", "assertions": ["x"]},',
      '  {"prompt": "b", "assertions": ["x"]},',
      '  {"id": 1, "prompt": "c", "assertions": ["x"]}',
      ']}',
    ]);
    // The id-less eval takes its position, "2"; the third repeats "1".
    expect(where(diagnostics)).toEqual([['duplicate-id', 4, 10]]);
    expect(diagnostics[0]!.message).toBe(
      'Eval 1 repeats the id "1" of the eval at line 2 (ids are compared as strings); give it a unique id.',
    );
    expect(suites[0]!.cases.map((c) => [c.id, c.rawId])).toEqual([
      ['1', '1'],
      ['2', undefined],
    ]);
  });

  it('an id-less eval gets its 1-based position as id', () => {
    const { suites, diagnostics } = load([
      '{"evals": [{"prompt": "a", "assertions": ["x"]}, {"prompt": "b", "assertions": ["y"]}]}',
    ]);
    expect(diagnostics).toEqual([]);
    expect(suites[0]!.cases.map((c) => [c.id, c.rawId])).toEqual([
      ['1', undefined],
      ['2', undefined],
    ]);
  });

  it('wrong types are errors at the value, and the faulty field is left out', () => {
    const { suites, diagnostics } = load([
      '{',
      '  "skill_name": 7,',
      '  "evals": [',
      '    {"id": {"n": 1}, "prompt": "a"},',
      '    {"id": 2, "prompt": "b", "assertions": "one string"},',
      '    {"id": 3, "prompt": "c", "timeout": "900", "expectations": ["ok", 5, {"x": 1}, ""]},',
      '    {"id": 4, "prompt": "d", "files": "a.txt", "should_trigger": "yes", "expected_output": 9},',
      '    "not an object",',
      '    {"id": 6, "prompt": "f", "timeout": -1, "files": [3], "assertions": ["ok"]}',
      '  ]',
      '}',
    ]);
    expect(where(diagnostics)).toEqual([
      ['wrong-type', 2, 17],
      ['wrong-type', 4, 12],
      ['wrong-type', 5, 44],
      ['nothing-to-grade', 5, 5],
      ['assertion-not-string', 6, 71],
      ['assertion-not-string', 6, 74],
      ['blank-assertion', 6, 84],
      ['wrong-type', 6, 41],
      ['wrong-type', 7, 92],
      ['wrong-type', 7, 39],
      ['wrong-type', 7, 66],
      ['nothing-to-grade', 7, 5],
      ['wrong-type', 8, 5],
      ['wrong-type', 9, 41],
      ['wrong-type', 9, 55],
    ]);
    const message = (line: number, column: number) =>
      diagnostics.find((d) => d.line === line && d.column === column)!.message;
    expect(message(4, 12)).toBe('The id of eval #1 is an object; give it a number or a non-empty string.');
    expect(message(5, 44)).toBe('"assertions" of eval 2 is a string; wrap it in a list: "assertions": ["…"].');
    expect(message(6, 41)).toBe('"timeout" of eval 3 is a string; write a positive number of seconds.');
    expect(message(6, 71)).toBe(
      'Item 2 of "expectations" in eval 3 is a number; each expectations item must be a string the judge can check.',
    );
    expect(message(9, 41)).toBe('"timeout" of eval 6 is -1; write a positive number of seconds.');
    // The key the eval wrote is the one to fix.
    expect(message(5, 5)).toBe(
      'Eval 2 has no usable "assertions" and no expected_output: nothing can grade it, so its runs end as errors; fix "assertions".',
    );
    expect(suites[0]!.cases.map((c) => [c.id, c.limits.timeoutSeconds, c.checks.length])).toEqual([
      ['2', undefined, 0],
      ['3', undefined, 1],
      ['4', undefined, 0],
      ['6', undefined, 1],
    ]);
    expect(diagnostics.filter((d) => d.severity === 'warning').map((d) => d.ruleId)).toEqual([
      'evals-json/nothing-to-grade',
      'evals-json/blank-assertion',
      'evals-json/nothing-to-grade',
    ]);
  });

  it('names the key a file of its dialect lists its criteria under, to add to a case nothing grades', () => {
    const advice = (lines: string[]) =>
      load(lines).diagnostics.find((d) => d.ruleId === 'evals-json/nothing-to-grade')?.message;
    // skill-creator's schema says `expectations`.
    expect(advice(['{"evals": [{"id": 1, "prompt": "hi"}]}'])).toBe(
      'Eval 1 has no "expectations" and no expected_output: nothing can grade it, so its runs end as errors; add "expectations".',
    );
    // agentskills.io's says `assertions`.
    expect(advice(['{"evals": [{"id": 1, "prompt": "hi", "assertions": ["ok"]}, {"id": 2, "prompt": "yo"}]}'])).toBe(
      'Eval 2 has no "assertions" and no expected_output: nothing can grade it, so its runs end as errors; add "assertions".',
    );
  });

  it('a trigger case needs a skill name', () => {
    const { diagnostics } = load(['{"evals": [{"id": 1, "prompt": "hi", "should_trigger": true}]}']);
    expect(where(diagnostics)).toEqual([
      ['missing-skill-name', 1, 56],
      ['nothing-to-grade', 1, 12],
    ]);
  });

  it('repeated keys warn at the repeat', () => {
    const { diagnostics, suites } = load(['{"evals": [{"id": 1, "prompt": "a", "prompt": "b", "assertions": ["x"]}]}']);
    expect(where(diagnostics)).toEqual([['duplicate-key', 1, 37]]);
    expect(suites[0]!.cases[0]!.turns).toEqual(['b']);
  });
});

describe('file-level problems', () => {
  it('evals missing, not a list, empty', () => {
    expect(where(load(['{"skill_name": "x"}']).diagnostics)).toEqual([['missing-evals', 1, 1]]);
    expect(where(load(['{"evals": {"id": 1}}']).diagnostics)).toEqual([['missing-evals', 1, 11]]);
    const empty = load(['{', '  "evals": []', '}']);
    expect(where(empty.diagnostics)).toEqual([['empty-evals', 2, 12]]);
    expect(empty.diagnostics[0]!.message).toBe('"evals" is empty; add at least one eval.');
    expect(empty.suites).toEqual([]);
  });

  it('a trigger set under an evals name is refused with a pointer to the right format', () => {
    const { diagnostics } = load(['[{"query": "q", "should_trigger": true}]']);
    expect(where(diagnostics)).toEqual([['not-an-eval-file', 1, 1]]);
    expect(diagnostics[0]!.message).toContain('triggers.json');
  });
});

describe('expected_output policy', () => {
  const lines = ['{"evals": [{"id": 1, "prompt": "a", "expected_output": "ref", "assertions": ["x"]}]}'];
  it('auto keeps expected_output as context only when there are assertions', () => {
    const c = load(lines).suites[0]!.cases[0]!;
    expect(c.reference).toBe('ref');
    expect(c.checks.map((k) => k.value)).toEqual(['x']);
  });
  it('always grades it too (AgentV reading); never grades it not even alone', () => {
    expect(load(lines, { expectedOutput: 'always' }).suites[0]!.cases[0]!.checks.map((k) => k.value)).toEqual([
      'x',
      'ref',
    ]);
    const never = load(['{"evals": [{"id": 1, "prompt": "a", "expected_output": "ref"}]}'], {
      expectedOutput: 'never',
    });
    expect(never.suites[0]!.cases[0]!.checks).toEqual([]);
    expect(where(never.diagnostics)).toEqual([['nothing-to-grade', 1, 12]]);
  });
});

describe('BMAD generation 2', () => {
  const CASES = '/nonexistent-skill-eval-test/evals/cases.json';
  it('composes state_prefix.rstrip() + blank line + input, reads the list form, and ids by position', () => {
    const { suites, diagnostics } = load(
      [
        '[',
        '  {"input": "Go.", "state_prefix": "[state]  \\n\\t ", "rubric": ["r1", "r2"], "timeout": 60},',
        '  {"id": "b", "input": "Plain.", "state_prefix": "", "rubric": ["r"]}',
        ']',
      ],
      undefined,
      CASES,
    );
    expect(diagnostics).toEqual([]);
    const [a, b] = suites[0]!.cases;
    expect(suites[0]!.settings.dialect).toBe('bmad-2');
    expect(suites[0]!.name).toBe('cases.json');
    expect(a!.id).toBe('1');
    expect(a!.turns).toEqual(['[state]\n\nGo.']);
    expect(a!.limits.timeoutSeconds).toBe(60);
    expect(a!.checks.map((c) => c.value)).toEqual(['r1', 'r2']);
    expect(b!.turns).toEqual(['Plain.']);
  });

  it('a generation-1 item in cases.json is refused: the runner would send an empty prompt', () => {
    const { diagnostics } = load(
      [
        '{"cases": [',
        '  {"id": "x", "prompt": "p", "rubric": []},',
        '  {"id": "y", "input": "i", "rubric": ["r"]}',
        ']}',
      ],
      undefined,
      CASES,
    );
    expect(where(diagnostics)).toEqual([['missing-prompt', 2, 3]]);
    expect(diagnostics[0]!.message).toBe(
      'Case "x" has "prompt" but cases.json reads "input"; rename "prompt" to "input".',
    );
  });

  it('empty cases and a missing cases list', () => {
    expect(where(load(['{"cases": []}'], undefined, CASES).diagnostics)).toEqual([['empty-evals', 1, 11]]);
    const none = load(['{"skill_name": "t"}'], undefined, CASES);
    expect(none.diagnostics[0]!.message).toContain('"cases": [');
  });
});

describe('unknown keys', () => {
  it('warns of a misspelt key in an eval, a case and at the top level, where it is written, and keeps it', () => {
    const evals = load([
      '{',
      '  "skill_name": "x",',
      '  "evalz": [],',
      '  "_notes": "why",',
      '  "evals": [',
      '    {"id": 1, "prompt": "hi", "assertions": ["ok"], "expectatons": ["x"], "name": "n", "category": "c", "_pattern": "p"}',
      '  ]',
      '}',
    ]);
    expect(where(evals.diagnostics)).toEqual([
      ['unknown-key', 3, 3],
      ['unknown-key', 6, 53],
    ]);
    expect(evals.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
    expect(evals.diagnostics[1]!.message).toMatch(/^Unknown key "expectatons" in eval 1; .*check its spelling/);
    expect(evals.suites[0]!.cases[0]!.metadata).toMatchObject({ expectatons: ['x'] });
    const cases = load(
      ['{"cases": [{"id": "a", "input": "hi", "rubric": ["ok"], "rubrik": ["x"]}]}'],
      {},
      '/x/cases.json',
    );
    expect(where(cases.diagnostics)).toEqual([['unknown-key', 1, 57]]);
    expect(cases.diagnostics[0]!.message).toContain('Unknown key "rubrik" in case "a"');
  });
});
