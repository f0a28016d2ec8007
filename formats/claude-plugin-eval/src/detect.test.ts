import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormatPlugin } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { detectClaudePluginEval } from './detect.js';
import { GREETER_PLUGIN, pluginTree } from './test-support/plugin-tree.js';

const fixtures = join(import.meta.dirname, 'fixtures');
const detect = (path: string) => detectClaudePluginEval(path, readFileSync(path, 'utf8'));

describe('detectClaudePluginEval', () => {
  it('claims a case.yaml by its content', () => {
    expect(detect(join(fixtures, 'greeter/evals/02-yaml/case.yaml'))).toBeGreaterThan(0.9);
    expect(detectClaudePluginEval('/x/case.yaml', 'name: other\nsteps: [a]\n')).toBe(0);
  });

  it('is surer of its case files than the other bundled formats that read .yaml and .md', async () => {
    const others = await Promise.all(
      ['skill-up', 'skillet', 'agentv', 'eval-md'].map(async (id) => {
        const plugin = (await import(`@skill-eval/format-${id}`)).default as FormatPlugin;
        return plugin.create(plugin.parseSettings({}));
      }),
    );
    for (const path of [
      'greeter/evals/01-say-hello/prompt.md',
      'greeter/evals/02-yaml/case.yaml',
      'greeter/evals/03-unsupported/case.yaml',
    ]) {
      const file = join(fixtures, path);
      for (const other of others) {
        expect(detect(file), `${other.id} on ${path}`).toBeGreaterThan(other.detect(file, readFileSync(file, 'utf8')));
      }
    }
  });

  it('claims a prompt.md beside graders/, or in the eval folder of a plugin', () => {
    expect(detect(join(fixtures, 'greeter/evals/01-say-hello/prompt.md'))).toBeGreaterThan(0.8);
    const root = pluginTree({ ...GREETER_PLUGIN, 'evals/alone/prompt.md': 'Say hi.\n' });
    expect(detect(join(root, 'evals/alone/prompt.md'))).toBeGreaterThan(0.5);
  });

  it('leaves alone a prompt.md Claude Code would not run as a case', () => {
    // Under results/ (never scanned), outside the eval folder, beside a case.yaml (read with it), below a case.
    expect(detect(join(fixtures, 'greeter/evals/results/old/prompt.md'))).toBe(0);
    const root = pluginTree({
      ...GREETER_PLUGIN,
      'skills/greet/prompt.md': 'A prompt template of the skill.\n',
      'evals/both/case.yaml': 'schema_version: "1.0"\n',
      'evals/both/prompt.md': 'Hi\n',
      'evals/outer/prompt.md': 'Hi\n',
      'evals/outer/inner/prompt.md': 'Hi\n',
    });
    for (const path of ['skills/greet/prompt.md', 'evals/both/prompt.md', 'evals/outer/inner/prompt.md']) {
      expect(detect(join(root, path)), path).toBe(0);
    }
    expect(detectClaudePluginEval('/nowhere/prompt.md', 'Hi\n')).toBe(0);
  });

  it('claims no other file name', () => {
    expect(
      detectClaudePluginEval(join(fixtures, 'greeter/evals/01-say-hello/graders/friendly.md'), '---\ntype: llm\n---\n'),
    ).toBe(0);
  });
});
