import { join } from 'node:path';
import type { Diagnostic } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { loadPromptfoo } from './load-promptfoo.js';
import { loadTemplateEngine } from './render.js';

// The loader renders with nunjucks, which the format's plugin imports before it loads a file.
await loadTemplateEngine();

const file = join(import.meta.dirname, 'fixtures', 'basic', 'inline.yaml');
/** The checks and diagnostics of one test holding `assertions` (YAML flow maps, one a line from line 4). */
function read(...assertions: string[]) {
  const text = `prompts: [hi]\ntests:\n  - assert:\n${assertions.map((a) => `      - ${a}\n`).join('')}`;
  const result = loadPromptfoo(file, text);
  const where = (d: Diagnostic) => `${d.severity} ${d.ruleId} ${d.line}:${d.column}`;
  return { checks: result.suites[0]?.cases[0]?.checks ?? [], diagnostics: result.diagnostics.map(where) };
}

describe('promptfoo assertions as skill-eval checks', () => {
  it('maps the deterministic ones with their parameters, not- prefixes as negations', () => {
    const { checks, diagnostics } = read(
      '{type: contains, value: a}',
      '{type: not-icontains, value: a}',
      '{type: contains-any, value: [a, b]}',
      '{type: contains-all, value: [a, b], weight: 2}',
      '{type: equals, value: a}',
      '{type: starts-with, value: a}',
      '{type: not-regex, value: "^a"}',
      '{type: is-json}',
    );
    expect(diagnostics).toEqual([]);
    expect(checks).toEqual([
      { type: 'contains', value: 'a' },
      { type: 'icontains', value: 'a', negate: true },
      { type: 'contains-any', value: ['a', 'b'] },
      { type: 'contains-all', value: ['a', 'b'], weight: 2 },
      { type: 'equals', value: 'a' },
      { type: 'starts-with', value: 'a' },
      { type: 'regex', value: '^a', negate: true },
      { type: 'is-json' },
    ]);
  });

  it('maps llm-rubric to the judge, cost and latency to their limits, code checks as written (run only with --trust)', () => {
    const { checks } = read(
      '{type: llm-rubric, value: is polite}',
      '{type: cost, threshold: 0.01}',
      '{type: latency, threshold: 1000}',
      '{type: javascript, value: "output.length > 2"}',
      '{type: python, value: "len(output) > 2"}',
    );
    expect(checks).toEqual([
      { type: 'llm-rubric', value: 'is polite' },
      { type: 'cost', max: 0.01 },
      { type: 'latency', max: 1000 },
      { type: 'javascript', value: 'output.length > 2' },
      { type: 'python', value: 'len(output) > 2' },
    ]);
  });

  it('keeps an assert-set with its threshold, weight and children', () => {
    const { checks } = read(
      '{type: assert-set, threshold: 0.5, weight: 2, assert: [{type: contains, value: x}, {type: not-equals, value: y}]}',
    );
    expect(checks).toEqual([
      {
        type: 'assert-set',
        threshold: 0.5,
        weight: 2,
        checks: [
          { type: 'contains', value: 'x' },
          { type: 'equals', value: 'y', negate: true },
        ],
      },
    ]);
  });

  it('leaves out, with a warning at the key, what promptfoo ignores (regex flags, is-json schema, a child’s extra key)', () => {
    const { checks, diagnostics } = read(
      '{type: regex, value: a, flags: i}',
      '{type: is-json, schema: {type: object}}',
      '{type: assert-set, assert: [{type: contains, value: x, negate: true}]}',
    );
    expect(checks[0]).toEqual({ type: 'regex', value: 'a' });
    expect(checks[1]).toEqual({ type: 'is-json' });
    expect(checks[2]!.checks).toEqual([{ type: 'contains', value: 'x' }]);
    expect(diagnostics).toEqual([
      'warning promptfoo/ignored-parameter 4:33',
      'warning promptfoo/ignored-parameter 5:25',
      'warning promptfoo/ignored-parameter 6:64',
    ]);
  });

  it('names each assertion skill-eval cannot grade as promptfoo does at its line, and leaves it out', () => {
    const { checks, diagnostics } = read(
      '{type: similar, value: hello, threshold: 0.8}',
      '{type: select-best, value: x}',
      '{type: moderation}',
      '{type: contains, value: kept}',
    );
    expect(checks).toEqual([{ type: 'contains', value: 'kept' }]);
    expect(diagnostics).toEqual([
      'error promptfoo/unsupported-check-type 4:16',
      'error promptfoo/unsupported-check-type 5:16',
      'error promptfoo/unsupported-check-type 6:16',
    ]);
  });
});
