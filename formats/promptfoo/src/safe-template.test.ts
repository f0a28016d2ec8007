import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withSideFileTrust } from '@skill-eval/format-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPromptfoo } from './load-promptfoo.js';
import { loadTemplateEngine, renderAssertionValue, renderPrompt } from './render.js';
import { MAX_TEMPLATE_OUTPUT, TemplateRefused, TemplateTooCostly } from './safe-template.js';

// Without --trust a template is parsed by nunjucks and rendered by safe-template.ts; with it, by nunjucks itself with
// promptfoo's settings (render.ts `engine`, promptfoo 0.123.1 render-B8xqc9nT.js 201-217), as before. The subset
// must render what it accepts exactly as that engine does; fixtures/differential/safe-subset has promptfoo itself
// render the same kinds of templates (packages/differential, promptfoo-config.differential.test.ts).

const dir = mkdtempSync(join(tmpdir(), 'promptfoo-safe-template-'));
const canary = join(dir, 'canary');
beforeAll(loadTemplateEngine);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const vars = {
  name: 'ada lovelace',
  score: 96,
  items: [4, 5, 6],
  empty: [],
  data: { k: 'v', n: 2 },
  numbers: [3, 1, 2],
  json: '{"a": [1, 2]}',
};

const safe = (template: string, v: Record<string, unknown> = vars) => renderPrompt(template, v);
const trusted = (template: string, v: Record<string, unknown> = vars) => renderPrompt(template, v, {}, { trust: true });

describe('the template subset rendered without --trust', () => {
  it.each([
    ['{{ name }}', 'ada lovelace'],
    ['{{ name | upper }}', 'ADA LOVELACE'],
    ['{{ name | title }} {{ name | length }} {{ name | replace("a", "4") }}', 'Ada Lovelace 12 4d4 lovel4ce'],
    ['{% for i in items %}[{{ loop.index }}:{{ i }}]{% endfor %}', '[1:4][2:5][3:6]'],
    ['{% for i in empty %}x{% else %}none{% endfor %}', 'none'],
    ['{% for k, v in data %}{{ k }}={{ v }};{% endfor %}', 'k=v;n=2;'],
    ['{% if score > 90 %}top{% elif score > 50 %}mid{% else %}low{% endif %}', 'top'],
    ['{% if missing %}yes{% else %}no{% endif %}', 'no'],
    ['{% set t = 0 %}{% for n in numbers %}{% set t = t + n %}{% endfor %}{{ t }}', '6'],
    ['{% set b %}in {{ name }}{% endset %}{{ b | upper }}', 'IN ADA LOVELACE'],
    ['{{ data.k }} {{ data["n"] }} {{ items[0] }} {{ name.length }}', 'v 2 4 12'],
    // As nunjucks emits them, JavaScript reads `"x" + "" + 1 + 2` and `!score == 0`.
    ['{{ "x" ~ 1 + 2 }} {{ not score == 0 }} {{ 7 // 2 }} {{ 2 ** 3 }} {{ -score }}', 'x12 true 3 8 -96'],
    [
      '{{ "a" in name }} {{ name is defined }} {{ score is divisibleby(3) }} {{ 1 if score else 2 }}',
      'true true true 1',
    ],
    ['{{ nothing | default("d") }} {{ numbers | sort | join(",") }} {{ data | dump }}', 'd 1,2,3 {"k":"v","n":2}'],
    ['{{ (json | load).a[1] }} {{ [1, none, "x"] }} {{ {"a": 1} }}', '2 1,,x [object Object]'],
    ['{%- if true -%}  trimmed  {%- endif -%} {# c #}{% raw %}{{ kept }}{% endraw %}', 'trimmed{{ kept }}'],
    ['{{ env.MODE }}', ''],
  ])('%s', (template, expected) => {
    expect(trusted(template)).toBe(expected);
    expect(safe(template)).toBe(expected);
  });

  it('renders each var as a template first, and assertion values, as promptfoo does', () => {
    const v = { who: '{{ name | upper }}', name: 'ada' };
    expect(safe('Hi {{ who }}', v)).toBe(trusted('Hi {{ who }}', v));
    expect(renderAssertionValue(['{{ name | upper }}', 'file://x.txt'], v)).toEqual(['ADA', 'file://x.txt']);
  });

  it('keeps nunjucks’ syntax errors', () => {
    expect(() => safe('{% if %}')).toThrow(/unexpected token|expected/i);
    expect(() => trusted('{% if %}')).toThrow(/unexpected token|expected/i);
  });
});

describe('what could run code is refused without --trust', () => {
  const attack = (file: string) =>
    `{{ range.constructor("var fs = process.getBuiltinModule('fs'); fs.writeFileSync('${file}', 'x'); return fs.readFileSync('/etc/hostname', 'utf8')")() }}`;

  it('refuses the review’s attack, and nothing is written', () => {
    const file = join(canary, 'refused');
    expect(() => safe(`Hello ${attack(file)}`)).toThrow(TemplateRefused);
    expect(() => renderAssertionValue(attack(file), {})).toThrow(/a function call \(range\.constructor\(…\)\(…\)\)/);
    expect(existsSync(file)).toBe(false);
  });

  it.each([
    ['{{ range(3) }}', 'a function call (range(…))'],
    ['{{ name.upper() }}', 'a function call (name.upper(…))'],
    ['{{ cycler("a") }}', 'a function call (cycler(…))'],
    ['{{ joiner }}', 'the joiner() global'],
    ['{{ range }}', 'the range() global'],
    ['{{ name.constructor }}', '".constructor", a method or property every string has, not data'],
    ['{{ data.toString }}', '".toString", a method or property every object has, not data'],
    ['{{ constructor }}', '"constructor", which is no var but a property of every object'],
    ['{{ name | random }}', 'the "random" filter'],
    ['{{ name is callable }}{{ name is odd2 }}', 'the "odd2" test'],
    ['{% macro m() %}x{% endmacro %}', 'a macro'],
    ['{% include "other.njk" %}', 'an {% include %}'],
    ['{% import "x.njk" as x %}', 'an {% import %}'],
    ['{% extends "base.njk" %}', 'an {% extends %}'],
    ['{{ name | replace(r/a/g, "b") }}', 'a regular expression literal (r/…/)'],
    ['{% set x = {"__proto__": 1} %}', 'a "__proto__" key'],
    ['line 1\nline 2 {{ x() }}', 'a function call (x(…))'],
  ])('%s', (template, construct) => {
    let refused: unknown;
    try {
      safe(template);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(TemplateRefused);
    expect((refused as TemplateRefused).construct).toBe(construct);
  });

  it('says the line of the construct', () => {
    expect(() => safe('one\ntwo\n{{ x() }}')).toThrow(expect.objectContaining({ line: 3 }));
  });

  it('renders what --trust allows with nunjucks, as promptfoo does', () => {
    expect(trusted('{% for i in range(3) %}{{ i }}{% endfor %} {{ name.toUpperCase() }}')).toBe('012 ADA LOVELACE');
  });
});

describe('what a template may cost is bounded', () => {
  it('stops a loop that would take too many steps', () => {
    const big = { xs: Array.from({ length: 1000 }, (_, i) => i) };
    const started = Date.now();
    expect(() =>
      safe('{% for a in xs %}{% for b in xs %}{% for c in xs %}.{% endfor %}{% endfor %}{% endfor %}', big),
    ).toThrow(TemplateTooCostly);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops text that doubles, and lists that nest, past the bound', () => {
    const doubling = `{% set s = "xxxxxxxxxxxxxxxx" %}${'{% set s = s ~ s %}'.repeat(40)}{{ s }}`;
    expect(() => safe(doubling)).toThrow(TemplateTooCostly);
    const nesting = `{% set a = [1, 2] %}${'{% set a = [a, a] %}'.repeat(40)}{{ a }}`;
    expect(() => safe(nesting)).toThrow(TemplateTooCostly);
    expect(() => safe('{{ "x" | center(100000000) }}')).toThrow(TemplateTooCostly);
    expect(() => safe('{{ lines | indent(100000000) }}', { lines: 'x\nx' })).toThrow(TemplateTooCostly);
  });

  it('stops output past the bound, plain holes included', () => {
    const long = { s: 'x'.repeat(MAX_TEMPLATE_OUTPUT / 2 + 1) };
    expect(() => safe('{{ s }}{{ s }}', long)).toThrow(TemplateTooCostly);
    expect(() => safe('{% for i in [1, 2, 3] %}{{ s }}{% endfor %}', long)).toThrow(TemplateTooCostly);
  });
});

describe('loading a config', () => {
  const write = (name: string, files: Record<string, string>) => {
    const folder = join(dir, name);
    for (const [file, text] of Object.entries(files)) {
      const path = join(folder, file);
      rmSync(path, { force: true });
      writeFileSync(path, text, { flag: 'w' });
    }
    return folder;
  };
  const make = (name: string) => {
    const folder = join(dir, name);
    rmSync(folder, { recursive: true, force: true });
    return folder;
  };

  it('refuses a template beyond the subset at its line, as an error --trust lifts, and runs nothing', async () => {
    const folder = make('attack');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(folder, { recursive: true });
    const file = join(canary, 'load');
    write('attack', {
      'p.md': `Hello\n{{ range.constructor("process.getBuiltinModule('fs').writeFileSync('${file}', 'x')")() }}\n`,
      'promptfooconfig.yaml': `prompts:
  - file://p.md
tests:
  - vars: {a: 1}
    assert:
      - type: contains
        value: "{{ a.constructor.constructor('return 1')() }}"
`,
    });
    const config = join(folder, 'promptfooconfig.yaml');
    const { readFileSync } = await import('node:fs');
    const result = loadPromptfoo(config, readFileSync(config, 'utf8'));
    expect(existsSync(file)).toBe(false);
    expect(result.suites).toEqual([]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        ruleId: 'promptfoo/template',
        severity: 'error',
        needsTrust: true,
        file: join(folder, 'p.md'),
        line: 2,
        message: expect.stringMatching(
          /^The prompt file p\.md holds a function call \(range\.constructor\(…\)\(…\)\): .*--trust renders it with nunjucks, as promptfoo does\.$/,
        ),
      }),
    ]);
    // The assertion's value, once the prompt is one the subset renders.
    writeFileSync(join(folder, 'p.md'), 'Hello {{ a }}');
    const second = loadPromptfoo(config, readFileSync(config, 'utf8'));
    expect(second.diagnostics).toEqual([
      expect.objectContaining({ ruleId: 'promptfoo/template', needsTrust: true, file: config, line: 7 }),
    ]);
    // With --trust the loader renders it with nunjucks, as promptfoo does.
    const withTrust = loadPromptfoo(config, readFileSync(config, 'utf8'), { trust: true });
    expect(withTrust.diagnostics).toEqual([]);
    expect(withTrust.suites[0]?.cases[0]?.checks[0]?.value).toBe('1');
    // …and so does a load the command line runs with --trust (format-kit's withSideFileTrust).
    const underTrust = withSideFileTrust(true, () => loadPromptfoo(config, readFileSync(config, 'utf8')));
    expect(underTrust.diagnostics).toEqual([]);
    expect(withSideFileTrust(false, () => loadPromptfoo(config, readFileSync(config, 'utf8'))).suites).toEqual([]);
  });

  it('refuses vars that make more than 10,000 cases, at the vars, before making them', () => {
    const text = `prompts: ["Say {{a}}"]
tests:
  - vars:
      a: &l [q0,q1,q2,q3,q4,q5,q6,q7,q8,q9]
      b: *l
      c: *l
      d: *l
      e: *l
      f: *l
      g: *l
      h: *l
      i: *l
    assert:
      - {type: contains, value: x}
  - vars: {a: [x, y]}
`;
    const started = Date.now();
    const result = loadPromptfoo(join(dir, 'promptfooconfig.yaml'), text);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        ruleId: 'promptfoo/unsupported-tests',
        severity: 'error',
        line: 4,
        message: expect.stringContaining('These vars make 1000000000 combinations (10 × 10 × 10'),
      }),
    ]);
    expect(result.suites[0]?.cases.map((c) => c.turns[0])).toEqual(['Say x', 'Say y']);
  });

  it('counts every test and prompt of the file towards the limit', () => {
    const ten = `[${Array.from({ length: 10 }, (_, i) => `v${i}`).join(', ')}]`;
    const test = `  - vars: {a: ${ten}, b: ${ten}, c: ${ten}}\n`;
    const text = `prompts: ["{{a}}", "{{b}}", "{{c}}", "{{a}}{{b}}", "{{b}}{{c}}"]\ntests:\n${test.repeat(3)}`;
    const result = loadPromptfoo(join(dir, 'promptfooconfig.yaml'), text);
    // 1,000 combinations × 5 prompts = 5,000 cases a test: the third would make 15,000.
    expect(result.suites[0]?.cases).toHaveLength(10_000);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        ruleId: 'promptfoo/unsupported-tests',
        line: 5,
        message: expect.stringContaining('5000 cases with its 5 prompts'),
      }),
    ]);
  });
});
