import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canonicalCheck } from '@skill-eval/checks';
import type { Case, Check } from '@skill-eval/core';
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
    // Only the ids, which promptfoo numbers, and the hints its providers gave may change; each change is reported.
    for (const line of written.lost) expect(line).toMatch(/^case \S+: (the id is not kept|engine hint|pinned model)/);
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
