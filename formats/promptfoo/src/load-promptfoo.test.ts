import { join } from 'node:path';
import type { Case, Diagnostic } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { loadPromptfoo } from './load-promptfoo.js';
import { loadTemplateEngine } from './render.js';

// The loader renders with nunjucks, which the format's plugin imports before it loads a file.
await loadTemplateEngine();

const BASIC = join(import.meta.dirname, 'fixtures', 'basic');
/** A config written inline, as if it sat in the basic fixture folder (its file references resolve there). */
const load = (text: string) => loadPromptfoo(join(BASIC, 'inline.yaml'), text);
const cases = (text: string): Case[] => load(text).suites[0]?.cases ?? [];
const where = (d: Diagnostic) => `${d.severity} ${d.ruleId} ${d.line}:${d.column}`;

describe('prompts × tests × vars', () => {
  it('runs each test with each combination of its vars with each prompt, in promptfoo’s order', () => {
    const got = cases(`prompts: ['A {{x}} {{y}}', 'B {{x}}']
providers: [echo]
tests:
  - vars: {x: [1a, 1b], y: [2a, 2b]}
  - vars: {x: solo}
`);
    expect(got.map((c) => [c.id, c.turns[0]])).toEqual([
      ['test-1/vars-1/prompt-1', 'A 1a 2a'],
      ['test-1/vars-1/prompt-2', 'B 1a'],
      ['test-1/vars-2/prompt-1', 'A 1a 2b'],
      ['test-1/vars-2/prompt-2', 'B 1a'],
      ['test-1/vars-3/prompt-1', 'A 1b 2a'],
      ['test-1/vars-3/prompt-2', 'B 1b'],
      ['test-1/vars-4/prompt-1', 'A 1b 2b'],
      ['test-1/vars-4/prompt-2', 'B 1b'],
      ['test-2/prompt-1', 'A solo '],
      ['test-2/prompt-2', 'B solo'],
    ]);
  });

  it('keeps a list of non-strings whole, and a list under disableVarExpansion', () => {
    const got = cases(`prompts: ['{{ n | length }} {{ s }}']
tests:
  - vars: {n: [1, 2, 3], s: x}
  - vars: {n: [a, b], s: y}
    options: {disableVarExpansion: true}
`);
    expect(got.map((c) => c.turns[0])).toEqual(['3 x', '2 y']);
  });

  it('reads file:// vars (a glob is one test per file, each trimmed) and text prompt files split on ---', () => {
    const got = cases(`prompts: [file://prompts/summary.txt]
tests:
  - vars: {language: Latin, input: file://vars/*.txt}
`);
    expect(got.map((c) => c.turns[0])).toEqual([
      'Summarise in Latin: Paris',
      'One word in Latin: Paris',
      'Summarise in Latin: Rome',
      'One word in Latin: Rome',
    ]);
  });

  it('names a case by its description, else by its id, with the vars and prompt when there are several', () => {
    const got = cases(`prompts: ['{{q}}']
tests:
  - description: greeting
    vars: {q: hi}
  - vars: {q: [a, b]}
`);
    expect(got.map((c) => c.name)).toEqual(['greeting', 'test-2 (q=a)', 'test-2 (q=b)']);
  });

  it('runs a test only with the prompts its "prompts" names (label, id, prefix*)', () => {
    const got = cases(`prompts:
  - {id: short, raw: 'S {{q}}'}
  - {label: long-one, raw: 'L {{q}}'}
tests:
  - vars: {q: 1}
    prompts: [short]
  - vars: {q: 2}
    prompts: ['long*']
`);
    expect(got.map((c) => c.turns[0])).toEqual(['S 1', 'L 2']);
  });

  it('reads tests from a YAML glob, positioned in their own file', () => {
    const got = cases('prompts: ["{{input}}"]\ntests: file://tests/*.yaml\n');
    expect(got).toHaveLength(1);
    expect(got[0]!.name).toBe('from a file');
    expect(got[0]!.source).toMatchObject({ file: join(BASIC, 'tests', 'more.yaml'), line: 1 });
  });
});

describe('tests files', () => {
  it('reads JSON Lines, one test a line, positioned at its line; a single file names undescribed rows Row #n', () => {
    const result = load('prompts: ["{{input}}"]\ntests: file://tests/lines.jsonl\n');
    const got = result.suites[0]!.cases;
    expect(got.map((c) => [c.name, c.turns[0], c.source.line])).toEqual([
      ['Row #1', 'one', 1],
      ['second', 'two', 3],
    ]);
    expect(result.diagnostics).toMatchObject([
      { ruleId: 'promptfoo/unknown-check-type', file: join(BASIC, 'tests', 'lines.jsonl'), line: 3 },
    ]);
  });

  it('leaves a test in a listed file unnamed, as promptfoo’s glob loader does', () => {
    const got = cases('prompts: ["{{input}}"]\ntests: [file://tests/lines.jsonl]\n');
    expect(got.map((c) => c.name)).toEqual(['test-1', 'second']);
  });
});

describe('defaultTest', () => {
  it('merges vars, threshold and assertions into every test as promptfoo does (its assertions first)', () => {
    const [first, second] = cases(`prompts: ['{{a}} {{b}}']
defaultTest:
  vars: {a: default-a, b: default-b}
  threshold: 0.5
  assert: [{type: contains, value: d}]
tests:
  - vars: {b: own-b}
    assert: [{type: equals, value: e}]
  - vars: {a: own-a}
    threshold: 0.9
    options: {disableDefaultAsserts: true}
`);
    expect(first!.turns[0]).toBe('default-a own-b');
    expect(first!.checks.map((c) => c.type)).toEqual(['contains', 'equals']);
    expect(first!.threshold).toBe(0.5);
    expect(second!.turns[0]).toBe('own-a default-b');
    expect(second!.checks).toEqual([]);
    expect(second!.threshold).toBe(0.9);
  });

  it('gives the prefix and suffix of options to the prompt', () => {
    const [only] = cases(`prompts: ['{{q}}']
defaultTest: {options: {prefix: '<', suffix: '>'}}
tests: [{vars: {q: x}}]
`);
    expect(only!.turns[0]).toBe('<x>');
  });

  it('runs scenarios: each config entry with each test, merged over defaultTest', () => {
    const got = cases(`prompts: ['{{lang}}:{{word}}']
defaultTest: {vars: {lang: en}}
scenarios:
  - config: [{vars: {lang: fr}}, {vars: {lang: de}, assert: [{type: contains, value: de}]}]
    tests: [{vars: {word: one}}, {vars: {word: two}}]
`);
    expect(got.map((c) => c.turns[0])).toEqual(['fr:one', 'fr:two', 'de:one', 'de:two']);
    expect(got[2]!.checks).toEqual([{ type: 'contains', value: 'de' }]);
  });
});

describe('verdict and checks', () => {
  it('grades by promptfoo’s rule: every check passes, or the weighted score reaches threshold', () => {
    const [only] = cases(`prompts: [hi]
tests:
  - threshold: 0.7
    assert:
      - {type: not-icontains, value: no, weight: 3}
      - {type: starts-with, value: h}
      - {type: assert-set, threshold: 0.5, assert: [{type: is-json}, {type: regex, value: '^h'}]}
`);
    expect(only!.verdictRule).toBe('every-check');
    expect(only!.threshold).toBe(0.7);
    expect(only!.checks[0]).toEqual({ type: 'icontains', value: 'no', weight: 3, negate: true });
    expect(only!.checks[2]).toMatchObject({ type: 'assert-set', threshold: 0.5 });
    expect((only!.checks[2]!.checks as unknown[]).length).toBe(2);
  });

  it('names each assertion it cannot grade at its line and leaves it out, never silently', () => {
    const result = load(`prompts: [hi]
tests:
  - assert:
      - {type: contains, value: ok}
      - {type: no-such-check, value: x}
      - {type: regex}
      - just a string
`);
    expect(result.suites[0]!.cases[0]!.checks).toEqual([{ type: 'contains', value: 'ok' }]);
    expect(result.diagnostics.map(where)).toEqual([
      'error promptfoo/unknown-check-type 5:16',
      'error promptfoo/invalid-check 6:9',
      'error promptfoo/missing-type 7:9',
    ]);
  });

  it('refuses a threshold out of 0..1 at its line', () => {
    const result = load('prompts: [hi]\ntests:\n  - threshold: 3\n    assert: [{type: contains, value: x}]\n');
    expect(result.diagnostics.map(where)).toEqual(['error promptfoo/wrong-type 3:16']);
  });
});

describe('assertion values', () => {
  it('renders {{var}} in assertion values with each case’s vars, as promptfoo renders them', () => {
    const got = cases(`prompts: ['{{q}}']
tests:
  - vars: {q: ["one\\n", two], r: 'x {{q}}'}
    assert:
      - {type: contains, value: '{{q}}'}
      - {type: contains-any, value: ['{{ r }}', 2, 'file://keep.txt']}
      - {type: assert-set, assert: [{type: icontains, value: '{{ q | upper }}'}]}
`);
    expect(got.map((c) => c.checks)).toEqual([
      [
        { type: 'contains', value: 'one' },
        { type: 'contains-any', value: ['x one', '2', 'file://keep.txt'] },
        { type: 'assert-set', checks: [{ type: 'icontains', value: 'ONE' }] },
      ],
      [
        { type: 'contains', value: 'two' },
        { type: 'contains-any', value: ['x two', '2', 'file://keep.txt'] },
        { type: 'assert-set', checks: [{ type: 'icontains', value: 'TWO' }] },
      ],
    ]);
  });
});

describe('values of the kind promptfoo’s handlers take', () => {
  it('refuses, at the value, what promptfoo throws on when it grades (a number for starts-with or regex)', () => {
    const { suites, diagnostics } = load(`prompts: [q]
tests:
  - assert:
      - {type: not-starts-with, value: 3.14}
      - {type: regex, value: 42}
      - {type: contains, value: 42}
`);
    expect(diagnostics.filter((d) => d.severity === 'error').map(where)).toEqual([
      'error promptfoo/wrong-value-type 4:40',
      'error promptfoo/wrong-value-type 5:30',
    ]);
    expect(diagnostics[0]!.message).toContain('"starts-with" assertion type must have a string value');
    expect(suites[0]?.cases[0]?.checks).toEqual([{ type: 'contains', value: 42 }]);
  });

  it('compares a text list’s items as String(item), and reads a comma string of no item as the empty list', () => {
    const got = cases(`prompts: [q]
tests:
  - assert:
      - {type: contains-any, value: [true, 42, null, yes]}
      - {type: not-icontains-all, value: ',  ,'}
`);
    expect(got[0]?.checks).toEqual([
      { type: 'contains-any', value: ['true', '42', 'null', 'yes'] },
      { type: 'icontains-all', negate: true, value: [] },
    ]);
  });
});

describe('providers', () => {
  it('takes one anthropic:messages or openai provider as the engine and model', () => {
    expect(cases('prompts: [hi]\nproviders: [anthropic:messages:claude-opus-4-1]\n')[0]).toMatchObject({
      engine: 'anthropic',
      model: 'claude-opus-4-1',
    });
    expect(cases('prompts: [hi]\nproviders: [{id: "openai:chat:gpt-4.1"}]\n')[0]).toMatchObject({
      engine: 'openai',
      model: 'gpt-4.1',
    });
  });

  it('says once, at the providers line, that the run’s engine replaces the others', () => {
    const result = load(
      'prompts: [hi]\ntests: [{vars: {a: 1}}, {vars: {a: 2}}]\nproviders:\n  - exec: ./run.sh\n  - openai:gpt-4o\n',
    );
    const infos = result.diagnostics.filter((d) => d.ruleId === 'promptfoo/providers-replaced');
    expect(infos).toHaveLength(1);
    expect(infos[0]).toMatchObject({ severity: 'info', line: 4 });
    expect(result.suites[0]!.cases[0]!.engine).toBeUndefined();
  });
});

describe('bad input', () => {
  it('positions each problem in the file that holds it', () => {
    const result = load(`prompts: [exec:./make.sh, file://missing.txt, file://code.py]
tests:
  - file://tests/none-*.yaml
  - {}
  - vars: {x: file://gen.js}
nunjucksFilters: {up: ./up.js}
`);
    expect(result.diagnostics.map(where)).toEqual([
      'warning promptfoo/unsupported-field 6:1',
      'error promptfoo/unsupported-prompt 1:11',
      'error promptfoo/missing-file 1:27',
      'error promptfoo/unsupported-prompt 1:47',
      'error promptfoo/missing-file 3:5',
      'error promptfoo/empty-test 4:5',
      'error promptfoo/unsupported-var 5:15',
    ]);
  });

  it('names a prompt nunjucks cannot render at its test (promptfoo fails that row)', () => {
    const result = load("prompts: ['{{ brace {{ name }}']\ntests:\n  - vars: {name: x}\n");
    expect(result.diagnostics.map(where)).toEqual(['error promptfoo/template 3:5']);
    expect(result.suites).toEqual([]);
  });

  it('says at their lines which test settings are not applied: a provider, code hooks, other options', () => {
    const result = load(`prompts: [hi]
defaultTest:
  options: {transformVars: 'vars.x = 1', provider: openai:gpt-4o}
tests:
  - provider: openai:gpt-4o
    options: {repeat: 3, prefix: '>'}
    vars: {a: 1}
`);
    expect(result.diagnostics.map(where)).toEqual([
      'warning promptfoo/unsupported-field 3:13',
      'info promptfoo/providers-replaced 3:42',
      'info promptfoo/providers-replaced 5:5',
      'warning promptfoo/unsupported-field 6:15',
    ]);
  });

  it('refuses a reference out of the project unless trusted', () => {
    const result = load('prompts: [file:///etc/hostname]\n');
    expect(result.diagnostics[0]).toMatchObject({ ruleId: 'promptfoo/outside-project', needsTrust: true, line: 1 });
  });

  it('reports YAML syntax errors at their place and a non-map file', () => {
    expect(load('prompts: [\n').diagnostics[0]).toMatchObject({ severity: 'error', ruleId: 'promptfoo/syntax' });
    expect(load('- a\n').diagnostics.map(where)).toEqual(['error promptfoo/not-a-config 1:1']);
  });
});
