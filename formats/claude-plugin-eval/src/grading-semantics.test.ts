/**
 * Claude Code 2.1.330's scoring, checked end to end: a case loaded by this format and graded by @skill-eval/grading
 * gives the score and verdict `claude plugin eval` gives. Claude Code's rules, from the JavaScript in its binary:
 * - a run's score (search `function Yda(t)`): the weights of the passed graders over the weights of all graders,
 *   leaving out those marked `with_only`; 0 when no weight is left;
 * - a run passes at score ≥ 1, a case's score is the mean of its runs' (`function rFs(t)`), and the case passes when
 *   that mean reaches --threshold, default 1.0 (`mt=Me.cases.every((Y)=>Y.score>=o.threshold)`).
 */
import { join } from 'node:path';
import { SessionSchema } from '@skill-eval/core';
import { gradeExecution } from '@skill-eval/grading';
import { criteriaJudge } from '@skill-eval/testing';
import { describe, expect, it } from 'vitest';
import { loadClaudePluginEval } from './load-claude-plugin-eval.js';
import { GREETER_PLUGIN, pluginTree } from './test-support/plugin-tree.js';

/** Claude Code's run score, as `Yda` computes it. */
const claudeRunScore = (graders: { weight: number; passed: boolean; withOnly: boolean }[]) => {
  let passed = 0;
  let total = 0;
  for (const g of graders) {
    if (g.withOnly) continue;
    total += g.weight;
    if (g.passed) passed += g.weight;
  }
  return total > 0 ? passed / total : 0;
};

const GRADERS = [
  '{name: greets, type: regex, pattern: "Hello, Alex", weight: 2}',
  '{name: polite, type: llm, criteria: The reply is polite., weight: 1.5}',
  '{name: no-bash, type: tool_used, tool: Bash, min: 0, max: 0}',
  '{name: fired, type: tool_used, tool: Skill}',
];

const root = pluginTree({
  ...GREETER_PLUGIN,
  'evals/c/case.yaml': [
    'schema_version: "1.0"',
    'name: c',
    'execution: {prompt: Say hello to Alex.}',
    'graders:',
    ...GRADERS.map((g) => `  - ${g}`),
  ].join('\n'),
});

async function grade(answer: string, toolNames: string[], judgePasses: boolean) {
  const { suites, diagnostics } = loadClaudePluginEval(join(root, 'evals/c/case.yaml'));
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const session = SessionSchema.parse({
    status: 'completed',
    engineId: 'claude-code',
    finalMessage: answer,
    toolCalls: toolNames.map((name, i) => ({ id: `t${i}`, name, input: {}, isError: false })),
  });
  const { judge } = criteriaJudge(() => judgePasses);
  return gradeExecution({ testCase: suites[0]!.cases[0]!, session, workspace: root, judge });
}

describe('a run graded by skill-eval scores as Claude Code scores it (with/without ablation)', () => {
  const answers = ['Hello, Alex!', 'Hi there.'];
  const toolSets = [[], ['Skill'], ['Bash'], ['Skill', 'Bash']];
  for (const answer of answers) {
    for (const tools of toolSets) {
      for (const judgePasses of [true, false]) {
        it(`${JSON.stringify(answer)}, tools ${JSON.stringify(tools)}, judge ${judgePasses ? 'PASS' : 'FAIL'}`, async () => {
          const result = await grade(answer, tools, judgePasses);
          const expected = claudeRunScore([
            { weight: 2, passed: answer.includes('Hello, Alex'), withOnly: false },
            { weight: 1.5, passed: judgePasses, withOnly: false },
            { weight: 1, passed: !tools.includes('Bash'), withOnly: false },
            { weight: 1, passed: tools.includes('Skill'), withOnly: true },
          ]);
          expect(result.score).toBeCloseTo(expected, 9);
          // A run passes at score 1; with --threshold 1.0 the case passes when every run does.
          expect(result.status).toBe(expected >= 1 ? 'passed' : 'failed');
        });
      }
    }
  }
});
