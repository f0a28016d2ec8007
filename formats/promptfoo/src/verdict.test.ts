/**
 * promptfoo's test verdict (`AssertionsResult.testResult`, promptfoo 0.123.1 `dist/src/index.js` 3586-3595): without
 * a threshold, every assertion passes — one of weight 0 always passes (`runAssertion`, 22712-22715: `pass: true`;
 * checked with promptfoo's own eval too); with a threshold, the weighted mean of the scores reaches it, failed
 * assertions or not. Loaded by this format and graded by @skill-eval/grading.
 */
import { join } from 'node:path';
import { SessionSchema } from '@skill-eval/core';
import { gradeExecution } from '@skill-eval/grading';
import { criteriaJudge } from '@skill-eval/testing';
import { describe, expect, it } from 'vitest';
import { loadPromptfoo } from './load-promptfoo.js';
import { loadTemplateEngine } from './render.js';

// The loader renders with nunjucks, which the format's plugin imports before it loads a file.
await loadTemplateEngine();

const FILE = join(import.meta.dirname, 'fixtures', 'basic', 'inline.yaml');

async function grade(answer: string, threshold: string, ...assertions: string[]) {
  const text = [
    'prompts: [go]',
    'tests:',
    '  - vars: {a: 1}',
    threshold ? `    threshold: ${threshold}` : '',
    '    assert:',
    ...assertions.map((a) => `      - ${a}`),
  ]
    .filter(Boolean)
    .join('\n');
  const { suites, diagnostics } = loadPromptfoo(FILE, text);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const session = SessionSchema.parse({ status: 'completed', engineId: 'test', exitCode: 0, finalMessage: answer });
  const { judge } = criteriaJudge(() => true);
  return gradeExecution({ testCase: suites[0]!.cases[0]!, session, workspace: '/none', judge });
}

describe("promptfoo's test verdict", () => {
  it.each<[string, string, string, string[], 'passed' | 'failed']>([
    [
      'every assertion passes',
      'Hello world',
      '',
      ['{type: contains, value: Hello}', '{type: icontains, value: WORLD}'],
      'passed',
    ],
    [
      'one fails: the test fails',
      'Hello',
      '',
      ['{type: contains, value: Hello}', '{type: contains, value: world}'],
      'failed',
    ],
    [
      'a failed assertion of weight 0 passes',
      'Hello',
      '',
      ['{type: contains, value: Hello}', '{type: contains, value: x, weight: 0}'],
      'passed',
    ],
    [
      'but its weight 0 counts nothing under a threshold',
      'Hello',
      '1',
      ['{type: contains, value: Hello}', '{type: contains, value: x, weight: 0}'],
      'passed',
    ],
    [
      'with a threshold, a failed assertion under it passes',
      'Hello',
      '0.6',
      ['{type: contains, value: Hello, weight: 3}', '{type: contains, value: world}'],
      'passed',
    ],
    [
      'with a threshold, a score under it fails',
      'Hello',
      '0.8',
      ['{type: contains, value: Hello, weight: 3}', '{type: contains, value: world}'],
      'failed',
    ],
  ])('%s', async (_, answer, threshold, assertions, status) => {
    expect((await grade(answer, threshold, ...assertions)).status).toBe(status);
  });
});
