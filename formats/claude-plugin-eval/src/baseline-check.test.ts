import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadClaudePluginEval } from './load-claude-plugin-eval.js';
import { GREETER_PLUGIN, pluginTree } from './test-support/plugin-tree.js';

const grader = (fields: string) =>
  [
    'schema_version: "1.0"',
    'name: b',
    'execution: {prompt: Go}',
    'graders:',
    `  - {name: better, type: baseline, ${fields}}`,
  ].join('\n');
const load = (files: Record<string, string>) => {
  const root = pluginTree({ ...GREETER_PLUGIN, ...files });
  return loadClaudePluginEval(join(root, 'evals/b/case.yaml'));
};
const line = (i: number) => JSON.stringify({ type: 'assistant', message: { content: `step ${i}` } });

// Binary `async function Wm(e,r)` (the baseline grader), `function Qi(e)` (how a trajectory is shown to the judge).
describe('baseline graders', () => {
  it('ask the judge to compare the run with the baseline trajectory, shown as Claude Code shows it', () => {
    const { suites, diagnostics } = load({
      'evals/b/case.yaml': grader('baseline_file: base.jsonl, criteria: Fixes the bug'),
      'evals/b/base.jsonl': `${Array.from({ length: 30 }, (_, i) => line(i)).join('\n')}\n`,
    });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const check = suites[0]!.cases[0]!.checks[0]!;
    expect(check).toMatchObject({ type: 'llm-rubric', name: 'better', verdict: 'pass-fail' });
    const text = check.value as string;
    expect(text).toContain('Criterion:\nFixes the bug');
    expect(text).toContain('at least as well as the BASELINE');
    // 30 messages: the first 12, a marker, the last 12.
    expect(text).toContain(`${line(11)}\n[…6 messages elided…]\n${line(18)}`);
    expect(text).not.toContain(line(12));
  });

  it('refuse a baseline out of the case directory, missing, or not JSON lines, at its line', () => {
    const rules = (files: Record<string, string>) =>
      load(files)
        .diagnostics.filter((d) => d.severity === 'error')
        .map((d) => `${d.ruleId.replace('claude-plugin-eval/', '')}:${d.line}`);
    expect(
      rules({ 'evals/b/case.yaml': grader('baseline_file: ../x.jsonl, criteria: c'), 'evals/x.jsonl': '{}' }),
    ).toEqual(['path-escapes-case:5']);
    expect(rules({ 'evals/b/case.yaml': grader('baseline_file: none.jsonl, criteria: c') })).toEqual([
      'missing-field:5',
    ]);
    expect(
      rules({
        'evals/b/case.yaml': grader('baseline_file: base.jsonl, criteria: c'),
        'evals/b/base.jsonl': '{}\nnot json\n',
      }),
    ).toEqual(['grader-not-gradable:5']);
  });
});
