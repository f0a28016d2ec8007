import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Case, type CaseInput, CaseSchema, type Suite } from '@skill-eval/core';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPromptfoo } from './load-promptfoo.js';
import { loadTemplateEngine } from './render.js';
import { writePromptfoo } from './write-promptfoo.js';

await loadTemplateEngine();

const dir = mkdtempSync(join(tmpdir(), 'promptfoo-write-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const source = { file: '/x/evals.json', format: 'evals-json' };
const aCase = (input: Partial<CaseInput>): Case =>
  CaseSchema.parse({ source, id: '1', name: '1', kind: 'task', turns: ['do it'], ...input });
const suiteOf = (...cases: Case[]): Suite => ({
  id: 'x',
  name: 'set',
  file: '/x/evals.json',
  format: 'evals-json',
  settings: {},
  cases,
});

/** Writes the suite and reads the written file back with the promptfoo format. */
function roundTrip(suite: Suite) {
  const written = writePromptfoo(suite);
  const file = join(dir, 'promptfooconfig.yaml');
  writeFileSync(file, written.files[0]?.text ?? '');
  const back = loadPromptfoo(file, written.files[0]?.text ?? '', { cwd: dir });
  return { written, back, cases: back.suites[0]?.cases ?? [] };
}

describe('writing a suite as a promptfoo config', () => {
  it('writes each case as a test whose prompt var is its first turn, read back as the same text', () => {
    const turns = [
      'line one\nkey: value\n- item\n# not a comment',
      'yes',
      'ends with a newline\n',
      'Literal {{ name }} and {% if x %} and {# c #}',
      '"quoted" & *star* | pipe > gt: colon',
      '  leading and trailing  ',
    ];
    const { written, cases, back } = roundTrip(
      suiteOf(...turns.map((t, i) => aCase({ id: `test-${i + 1}`, name: `test-${i + 1}`, turns: [t] }))),
    );
    expect(written.lost).toEqual([]);
    expect(back.diagnostics).toEqual([]);
    expect(cases.map((c) => c.turns[0])).toEqual(turns);
    expect(cases.map((c) => c.id)).toEqual(turns.map((_, i) => `test-${i + 1}`));
  });

  it('writes checks in promptfoo’s spelling and reads them back as the same checks', () => {
    const checks = [
      { type: 'contains', value: 'a', weight: 2 },
      { type: 'contains', value: 'B', caseSensitive: false },
      { type: 'contains-any', value: ['x', 'y'], caseSensitive: false, negate: true },
      { type: 'regex', value: '^\\d+$', negate: true },
      { type: 'is-json' },
      { type: 'javascript', value: 'output.length > 1' },
      { type: 'llm-rubric', value: 'is polite', threshold: 0.7, name: 'polite' },
      { type: 'equals', value: 'Hi {{ name }}, {% if x %} {# y' },
      { type: 'cost', max: 0.5 },
      {
        type: 'assert-set',
        threshold: 0.5,
        checks: [
          { type: 'contains', value: 'p' },
          { type: 'starts-with', value: 'q' },
        ],
      },
    ];
    const { written, cases } = roundTrip(suiteOf(aCase({ id: 'test-1', name: 'checks', checks, threshold: 0.6 })));
    expect(written.lost).toEqual([]);
    expect(written.files[0]!.text).toContain('type: not-icontains-any');
    expect(written.files[0]!.text).toContain('metric: polite');
    const back = cases[0]!;
    expect([back.name, back.threshold]).toEqual(['checks', 0.6]);
    expect(back.checks).toEqual([
      { type: 'contains', value: 'a', weight: 2 },
      { type: 'icontains', value: 'B' },
      { type: 'icontains-any', value: ['x', 'y'], negate: true },
      ...checks.slice(3),
    ]);
  });

  it('lists what promptfoo cannot carry, case by case', () => {
    const c = aCase({
      id: 'setup',
      name: 'setup case',
      turns: ['first', 'second'],
      system: 'be brief',
      reference: 'the answer',
      gates: [{ type: 'contains', value: 'g' }],
      checks: [
        { type: 'file-exists', value: 'out.txt' },
        { type: 'regex', value: 'a', flags: 'i' },
        { type: 'contains', value: 'ok', required: true },
        { type: 'equals', value: 'x {% endraw %}' },
        { type: 'equals', value: 'y {%- raw %}' },
        { type: 'contains', value: 'file://notes.txt' },
      ],
      failIf: [{ type: 'contains', value: 'error' }],
      workspace: { files: [{ from: '/x/a.txt', to: 'a.txt' }], setup: ['make'] },
      skills: [{ name: 'pdf', dir: '/x/pdf' }],
      engine: 'codex',
      runs: 3,
      limits: { timeoutSeconds: 60 },
    });
    const trigger = aCase({ id: 'trig', kind: 'trigger', shouldTrigger: false, turns: ['file://x.txt'] });
    const { written, cases } = roundTrip(suiteOf(c, trigger));
    const lost = written.lost.join('\n');
    for (const what of [
      'case setup: the id is not kept',
      'case setup: gate check contains "g" — promptfoo has no gates',
      'case setup: check file-exists "out.txt": promptfoo has no such assertion',
      'case setup: check regex "a": promptfoo has no place for its "flags"',
      'case setup: check contains "ok": promptfoo has no place for its "required"',
      'case setup: check equals "x {% endraw %}": its value holds a {% raw %} or {% endraw %} tag',
      'case setup: fail-if check contains "error" — promptfoo has no fail-if; written as its negation',
      'case setup: check equals "y {%- raw %}": its value holds a {% raw %} or {% endraw %} tag',
      'case setup: check contains "file://notes.txt": promptfoo reads a value starting with file:// as a file to load',
      'case setup: multi-turn prompt (2 turns)',
      'case setup: system prompt',
      'case setup: reference (expected output)',
      'case setup: runs 3',
      'case setup: timeout 60 s',
      'case setup: engine hint "codex"',
      'case setup: skills staged (pdf)',
      'case setup: workspace files a.txt',
      'case setup: setup commands (1)',
      'case trig: not written — its prompt starts with file://',
    ])
      expect(lost).toContain(what);
    expect(cases).toHaveLength(1);
    expect(cases[0]!.checks).toEqual([
      { type: 'contains', value: 'g' },
      { type: 'contains', value: 'error', negate: true },
    ]);
  });

  it('names the engine and model every case shares as promptfoo’s provider, read back as the same hint', () => {
    const shared = { engine: 'openai', model: 'gpt-5-mini' };
    const { written, cases } = roundTrip(
      suiteOf(aCase({ id: 'test-1', ...shared }), aCase({ id: 'test-2', ...shared })),
    );
    expect(written.lost).toEqual([]);
    expect(written.files[0]!.text).toContain('providers:\n  - openai:chat:gpt-5-mini\n');
    expect(cases.map((c) => [c.engine, c.model])).toEqual([
      ['openai', 'gpt-5-mini'],
      ['openai', 'gpt-5-mini'],
    ]);
    const mixed = writePromptfoo(suiteOf(aCase({ id: 'test-1', ...shared }), aCase({ id: 'test-2', engine: 'codex' })));
    expect(mixed.files[0]!.text).not.toContain('providers');
    expect(mixed.lost).toEqual([
      'case test-1: engine hint "openai" — promptfoo names its providers; the run\'s --engine decides',
      'case test-1: pinned model "gpt-5-mini"',
      'case test-2: engine hint "codex" — promptfoo names its providers; the run\'s --engine decides',
    ]);
  });

  it('writes no file when no case can be written', () => {
    const result = writePromptfoo(suiteOf(aCase({ turns: ['Say {{prompt}}'] })));
    expect(result.files).toEqual([]);
    expect(result.lost).toEqual([
      'case 1: not written — its prompt holds {{prompt}}, which promptfoo replaces with the prompt itself',
      'no case could be written, so no promptfooconfig.yaml is written',
    ]);
  });
});
