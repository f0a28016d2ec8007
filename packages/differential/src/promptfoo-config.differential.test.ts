import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { canonicalCheck } from '@skill-eval/checks';
import type { Check } from '@skill-eval/core';
import { loadPromptfoo, loadTemplateEngine } from '@skill-eval/format-promptfoo';
import { describe, expect, it } from 'vitest';
import { type PromptfooRow, promptfooRows } from './peers/promptfoo-config-peer.js';

// The loader renders with nunjucks, which the format's plugin imports before it loads a file.
await loadTemplateEngine();

const FIXTURES = path.resolve(import.meta.dirname, '../../../formats/promptfoo/src/fixtures');
const CONFIGS = [
  path.join(FIXTURES, 'basic'),
  ...readdirSync(path.join(FIXTURES, 'differential')).map((d) => path.join(FIXTURES, 'differential', d)),
];

/** What both readings give for one row: the rendered prompt, the test's name, vars, threshold and assertions. */
function comparable(row: PromptfooRow) {
  return {
    prompt: row.prompt,
    description: row.description,
    threshold: row.threshold,
    checks: row.assert.map((a) => canonicalCheck(a as Check)),
  };
}

// promptfoo 0.123.1's own config loader, test expansion and prompt rendering (`promptfoo eval` with the echo
// provider, under Node 22) against format-promptfoo on the same files: same rows, same order, same prompts.
describe.each(CONFIGS)('reading %s as promptfoo 0.123.1 does', (folder) => {
  it('gives the same cases, in the same order, with the same prompts, names, thresholds and checks', async () => {
    const file = path.join(folder, 'promptfooconfig.yaml');
    const loaded = loadPromptfoo(file, readFileSync(file, 'utf8'));
    expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const ours = loaded.suites[0]!.cases.map((c) => ({
      prompt: c.turns[0],
      description: c.name.startsWith('test-') ? undefined : c.name.replace(/ [[(].*$/, ''),
      threshold: c.threshold,
      checks: c.checks,
    }));
    const theirs = (await promptfooRows(folder)).map(comparable);
    expect(theirs.length).toBeGreaterThan(0);
    expect(ours).toEqual(theirs);
  });
});
