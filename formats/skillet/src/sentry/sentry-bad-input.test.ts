import { describe, expect, it } from 'vitest';
import { loadSentryEvalYaml } from './load-sentry-eval-yaml.js';

// Bad input, each at its line: where getsentry/skillet's parser throws — and so stops its whole run, runner.ts:56 —
// an error and the case left out; where it passes over a value without a word, a warning and the value passed over.
// Sources: src/eval/parser.ts, checks.ts, workspace.ts at 443bf3dd83af699d4aca02317733710af391b7a4.
const FILE = '/nonexistent-skill-eval-test/skill/evals/review.eval.yaml';
const load = (lines: string[]) => loadSentryEvalYaml(FILE, lines.join('\n'), { cwd: '/' });
const where = (diagnostics: { severity: string; ruleId: string; line?: number }[]) =>
  diagnostics
    .filter((d) => d.severity !== 'info')
    .map((d) => `${d.severity} ${d.ruleId.replace('skillet/', '')} ${d.line}`);
const cases = (lines: string[]) => load(lines).suites[0]?.cases ?? [];

describe('what stops skillet: an error at the line', () => {
  it.each<[string, string[], string[]]>([
    ['broken YAML', ['evals:', '  - name: [a'], ['error syntax 2']],
    [
      'a key twice (yaml.parse refuses it)',
      ['evals:', '  - name: a', '    name: b', '    turns: [x]'],
      ['error duplicate-key 3'],
    ],
    ['several documents', ['evals: []', '---', 'evals: []'], ['error syntax 2']],
    ['not a map (parser.ts:261-263)', ['- a'], ['error not-a-map 1']],
    ['no evals (parser.ts:265-269)', ['cases: []'], ['error missing-evals 1']],
    ['evals not a list', ['evals: {a: 1}'], ['error missing-evals 1']],
    ['a case that is no map (parser.ts:273-276)', ['evals:', '  - just text'], ['error invalid-case 2']],
    ['a case without name (parser.ts:229-232)', ['evals:', '  - turns: [x]'], ['error missing-name 2']],
    ['an empty name', ['evals:', '  - name: ""', '    turns: [x]'], ['error missing-name 2']],
    ['a number as name', ['evals:', '  - name: 7', '    turns: [x]'], ['error missing-name 2']],
    ['no turns (parser.ts:168-171)', ['evals:', '  - name: a', '    criteria: x'], ['error missing-turns 2']],
    ['empty turns', ['evals:', '  - name: a', '    turns: []'], ['error missing-turns 3']],
    [
      'a turn that is no string (parser.ts:173-176)',
      ['evals:', '  - name: a', '    turns: [hi, 42]'],
      ['error wrong-type 3'],
    ],
    [
      'a regex JavaScript cannot compile',
      ['evals:', '  - name: a', '    turns: [x]', '    checks:', '      - output_matches: "(?P<n>x)"'],
      ['error invalid-regex 5'],
    ],
    [
      'output_not_contains of the empty text fails every run (checks.ts:193)',
      ['evals:', '  - name: a', '    turns: [x]', '    checks: [{output_not_contains: ""}]'],
      ['error empty-output-check 4'],
    ],
    [
      'a zero timeout (loop.ts:76-81)',
      ['evals:', '  - name: a', '    turns: [x]', '    criteria: c', '    timeout: 0'],
      ['error invalid-timeout 5'],
    ],
  ])('%s', (_, lines, expected) => {
    expect(where(load(lines).diagnostics)).toEqual(expected);
  });

  it('an alias bomb past yaml.parse’s 100 aliases stops skillet', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]'];
    const lines = [...bomb, 'c: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b]', 'evals: []'];
    expect(where(load(lines).diagnostics)).toEqual(['error syntax 2']);
  });

  it('the other cases of the file are still read, for listing', () => {
    expect(
      cases(['evals:', '  - just text', '  - name: b', '    turns: [x]', '    criteria: c']).map((c) => c.id),
    ).toEqual(['b']);
  });
});

describe('what skillet passes over without a word: a warning, and passed over here too', () => {
  const base = ['evals:', '  - name: a', '    turns: [x]'];
  it.each<[string, string[], string[]]>([
    // YAML's `null` (and `Null`, `~`) is no text: parseChecks drops the check (parser.ts:197-203).
    [
      'output_contains: Null',
      ['    checks:', '      - output_contains: Null', '    criteria: c'],
      ['warning ignored-check 5'],
    ],
    [
      'a check that is no map (parser.ts:186)',
      ['    checks:', '      - output_contains', '    criteria: c'],
      ['warning ignored-check 5'],
    ],
    [
      'a check of no kind skillet knows',
      ['    checks:', '      - tool_called: Bash', '    criteria: c'],
      ['warning unknown-key 5', 'warning ignored-check 5'],
    ],
    [
      'two kinds in one check: the first counts (parser.ts:188-203)',
      ['    checks:', '      - output_contains: a', '        output_not_contains: b'],
      ['warning ignored-check 6'],
    ],
    [
      'two assertions of a run: the first counts (checks.ts:83-168)',
      ['    checks:', '      - run: cat f', '        contains: a', '        equals: b'],
      ['warning ignored-check 7'],
    ],
    [
      'a run: assertion that is no text (parser.ts:190-195)',
      ['    checks:', '      - run: cat f', '        contains: 3'],
      ['warning ignored-value 6'],
    ],
    [
      'exits no command can give',
      ['    checks:', '      - run: cat f', '        exits: -1'],
      ['warning exits-never 6'],
    ],
    [
      'checks not a list (parser.ts:236)',
      ['    checks: {output_contains: a}', '    criteria: c'],
      ['warning ignored-value 4'],
    ],
    [
      'criteria not text (parser.ts:237)',
      ['    criteria: [a, b]', '    checks: [{output_contains: a}]'],
      ['warning ignored-value 4'],
    ],
    [
      'empty criteria: no judge (runner.ts:243)',
      ['    criteria: ""', '    checks: [{output_contains: a}]'],
      ['warning ignored-value 4'],
    ],
    [
      'threshold not a number (parser.ts:238)',
      ['    criteria: c', '    threshold: "0.9"'],
      ['warning ignored-value 5'],
    ],
    [
      'threshold without criteria',
      ['    threshold: 0.9', '    checks: [{output_contains: a}]'],
      ['warning ignored-value 4'],
    ],
    ['timeout not a number (parser.ts:239)', ['    criteria: c', '    timeout: 60s'], ['warning ignored-value 5']],
    [
      'workspace not a map (parser.ts:235)',
      ['    workspace: ./fixture', '    criteria: c'],
      ['warning ignored-value 4'],
    ],
    ['setup not text (parser.ts:161)', ['    workspace: {setup: [a]}', '    criteria: c'], ['warning ignored-value 4']],
    [
      'a requirement of neither kind (parser.ts:211-219)',
      ['    requires: [{path: x}]', '    criteria: c'],
      ['warning ignored-value 4'],
    ],
    ['an unknown key of the case', ['    criteria: c', '    skip: true'], ['warning unknown-key 5']],
    [
      'output_contains of the empty text passes every run (checks.ts:183)',
      ['    checks: [{output_contains: ""}]', '    criteria: c'],
      ['warning empty-output-check 4'],
    ],
    [
      'output_matches of the empty pattern passes every run (checks.ts:204)',
      ['    checks: [{output_matches: ""}]', '    criteria: c'],
      ['warning empty-output-check 4'],
    ],
    ['no checks and no criteria: skillet passes it', [], ['warning nothing-to-grade 2']],
  ])('%s', (_, lines, expected) => {
    const { suites, diagnostics } = load([...base, ...lines]);
    expect(where(diagnostics)).toEqual(expected);
    expect(suites[0]!.cases.map((c) => c.id)).toEqual(['a']);
  });

  it('an unknown top-level key', () => {
    expect(where(load(['version: 1', ...base, '    criteria: c']).diagnostics)).toEqual(['warning unknown-key 1']);
  });

  it('two cases of one name both run, the second as name#2 (runner.ts:60-66)', () => {
    const { suites, diagnostics } = load([
      ...base,
      '    criteria: c',
      '  - name: a',
      '    turns: [y]',
      '    criteria: c',
    ]);
    expect(suites[0]!.cases.map((c) => [c.id, c.name, c.turns[0]])).toEqual([
      ['a', 'a', 'x'],
      ['a#2', 'a', 'y'],
    ]);
    expect(where(diagnostics)).toEqual(['warning duplicate-name 5']);
  });
});
