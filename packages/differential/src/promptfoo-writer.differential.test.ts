import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canonicalCheck } from '@skill-eval/checks';
import { type Case, CaseSchema, type Check, type Suite } from '@skill-eval/core';
import { loadPromptfoo, loadTemplateEngine, writePromptfoo } from '@skill-eval/format-promptfoo';
import { afterAll, describe, expect, it } from 'vitest';
import { promptfooRows } from './peers/promptfoo-config-peer.js';

// The loader renders with nunjucks, which the format's plugin imports before it loads a file.
await loadTemplateEngine();

const FIXTURES = path.resolve(import.meta.dirname, '../../../formats/promptfoo/src/fixtures');
const CONFIGS = [
  path.join(FIXTURES, 'basic'),
  ...readdirSync(path.join(FIXTURES, 'differential')).map((d) => path.join(FIXTURES, 'differential', d)),
];

const scratch = mkdtempSync(path.join(tmpdir(), 'differential-promptfoo-writer-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What a case asks of the model and of its answer: the prompt, its name, threshold and checks. */
const asked = (c: Case) => ({ prompt: c.turns[0], description: c.name, threshold: c.threshold, checks: c.checks });

/** Reads `folder`'s config with skill-eval and writes it back as a promptfoo config in a folder of its own. */
function convert(folder: string) {
  const file = path.join(folder, 'promptfooconfig.yaml');
  const original = loadPromptfoo(file, readFileSync(file, 'utf8'));
  expect(original.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const suite = original.suites[0]!;
  const written = writePromptfoo(suite);
  const out = mkdtempSync(path.join(scratch, `${path.basename(folder)}-`));
  writeFileSync(path.join(out, 'promptfooconfig.yaml'), written.files[0]!.text);
  return { original, suite, written, out };
}

// promptfoo 0.123.1's own loader and eval (echo provider, Node 22) read the config skill-eval wrote from each fixture:
// promptfoo must see what skill-eval read in the original — the same prompts, test names, thresholds and assertions,
// in the same order — and skill-eval must read its own output back as the same cases.
describe.each(CONFIGS)('writing %s as a promptfoo config', (folder) => {
  it('is read by promptfoo as the original is read by skill-eval, and back by skill-eval the same', async () => {
    const { original, suite, written, out } = convert(folder);
    // Only the ids, which promptfoo numbers, may change; each change is reported.
    for (const line of written.lost) expect(line).toMatch(/^case \S+: the id is not kept/);
    const theirs = (await promptfooRows(out)).map((row) => ({
      prompt: row.prompt,
      // An undescribed test is named test-<n> by skill-eval (load-promptfoo.ts).
      description: row.description ?? `test-${row.testIdx + 1}`,
      threshold: row.threshold,
      checks: row.assert.map((a) => canonicalCheck(a as Check, { vocabulary: 'promptfoo' })),
    }));
    expect(theirs).toEqual(suite.cases.map(asked));

    const file = path.join(out, 'promptfooconfig.yaml');
    const back = loadPromptfoo(file, readFileSync(file, 'utf8'));
    // The written file says nothing the original did not make skill-eval say (its warnings come back, no new ones).
    const said = (ds: typeof back.diagnostics) => [
      ...new Set(ds.filter((d) => d.severity !== 'info').map((d) => d.message)),
    ];
    expect(said(back.diagnostics).filter((m) => !said(original.diagnostics).includes(m))).toEqual([]);
    expect(back.suites[0]!.cases.map(asked)).toEqual(suite.cases.map(asked));
    // promptfoo → skill-eval → promptfoo: writing what was read back writes the same file.
    expect(writePromptfoo(back.suites[0]!).files[0]!.text).toBe(written.files[0]!.text);
  });
});

// A suite from another format, whose text no promptfoo file ever held: YAML syntax, template syntax and a trailing
// newline in prompts and values, and checks in skill-eval's spelling (case folding, negation, names, max).
describe('writing cases of another format as a promptfoo config', () => {
  const turns = [
    'line one\nkey: value\n- item\n# not a comment\n',
    'yes',
    'Literal {{ name }} and {% if x %} and {# c #} and {{ open',
    '  "quoted" & *star* | pipe > gt: colon  ',
  ];
  const checks: Check[] = [
    { type: 'contains', value: 'KEY', caseSensitive: false },
    { type: 'contains-any', value: ['{{ name }}', 'yes'], negate: true },
    { type: 'equals', value: 'Literal {{ name }} and {% if x %}', name: 'exact' },
    { type: 'regex', value: '^\\s*"', weight: 0.5 },
    { type: 'latency', max: 1000 },
    { type: 'assert-set', threshold: 0.5, checks: [{ type: 'starts-with', value: '{# c #}' }, { type: 'is-json' }] },
  ];
  const suite: Suite = {
    id: 'x',
    name: 'foreign',
    file: '/x/evals.json',
    format: 'evals-json',
    settings: {},
    cases: turns.map((turn, i) =>
      CaseSchema.parse({
        source: { file: '/x/evals.json', format: 'evals-json' },
        id: `test-${i + 1}`,
        name: `case ${i + 1}`,
        kind: 'task',
        turns: [turn],
        checks,
        ...(i === 0 ? { threshold: 0.25 } : {}),
      }),
    ),
  };

  it('is read by promptfoo as the cases it came from', async () => {
    const written = writePromptfoo(suite);
    expect(written.lost).toEqual([]);
    const out = mkdtempSync(path.join(scratch, 'foreign-'));
    writeFileSync(path.join(out, 'promptfooconfig.yaml'), written.files[0]!.text);
    const theirs = (await promptfooRows(out)).map((row) => ({
      prompt: row.prompt,
      description: row.description,
      threshold: row.threshold,
      // A string value as promptfoo rendered it; a list's strings promptfoo renders unrecorded, so they are
      // compared as written, fences and all.
      checks: row.assert.map((a) => canonicalCheck(a as Check, { vocabulary: 'promptfoo' })),
    }));
    const unfenced = (v: unknown) => (typeof v === 'string' && /\{[{%#]/.test(v) ? `{% raw %}${v}{% endraw %}` : v);
    const expected = suite.cases.map((c) => ({
      ...asked(c),
      checks: [
        { type: 'icontains', value: 'KEY' },
        { type: 'contains-any', value: (checks[1]!.value as string[]).map(unfenced), negate: true },
        ...checks.slice(2),
      ],
    }));
    expect(theirs).toEqual(expected);
  });
});
