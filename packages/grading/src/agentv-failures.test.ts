import type { CaseInput, Check } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { gradeExecution } from './index.js';
import { makeCase, makeSession, scriptedJudge, tempDir } from './test-support/fixtures.js';

// A code grader that crashes: a non-zero exit with stderr (AgentV: `Code evaluator exited with code 3: …`).
const crash: Check = { type: 'code-grader', command: 'echo "the grader has a bug" >&2; exit 3' };
const hit: Check = { type: 'contains', value: 'Rain' };
const rubric: Check = { type: 'llm-rubric', value: 'Mentions the rain' };

/** Grades a case of `checks` read from an AgentV file (its verdict rule) or, with `every-check`, from promptfoo. */
async function grade(
  checks: Check[],
  more: Partial<CaseInput> = {},
  rule: 'mean-score' | 'every-check' = 'mean-score',
) {
  // The judge has nothing scripted: its first call throws, as a judge that is down does.
  const { judge } = scriptedJudge([]);
  return gradeExecution({
    testCase: makeCase({ checks, verdictRule: rule, source: { file: 'suite.eval.yaml', format: 'agentv' }, ...more }),
    session: makeSession(),
    workspace: tempDir(),
    trust: true,
    judge,
  });
}

describe('an AgentV case whose check cannot grade scores it as AgentV does', () => {
  it('a crashing code grader scores 0 beside the others, and stays an error in the result with its reason', async () => {
    const result = await grade([crash, hit]);
    expect(result).toMatchObject({ status: 'failed', score: 0.5 });
    expect(result.error).toBeUndefined();
    expect(result.checks[0]).toMatchObject({ errored: true, passed: false, score: 0 });
    expect(result.checks[0]!.evidence).toMatch(/^AgentV scores a grader that fails to grade 0: .*the grader has a bug/);
  });

  it('a negated crashing code grader scores 1: AgentV negates its fallback score', async () => {
    const result = await grade([{ ...crash, negate: true }]);
    expect(result).toMatchObject({ status: 'passed', score: 1 });
    expect(result.checks[0]).toMatchObject({ errored: true, passed: true, score: 1 });
  });

  it("a crashing member of an AgentV composite scores 0 in the composite's mean, shown errored", async () => {
    const composite: Check = { type: 'assert-set', checks: [crash, hit], scoring: 'weighted-mean' };
    const result = await grade([composite], { threshold: 0.5 });
    expect(result).toMatchObject({ status: 'passed', score: 0.5 });
    expect(result.checks[0]!.checks![0]).toMatchObject({ errored: true, passed: false, score: 0 });
    // A group of promptfoo's keeps the error.
    expect(await grade([{ type: 'assert-set', checks: [crash, hit] }], {}, 'every-check')).toMatchObject({
      status: 'error',
    });
  });

  it("a member of an AgentV composite whose judge failed is left out of the composite's aggregate, as AgentV skips it", async () => {
    const composite: Check = { type: 'assert-set', checks: [rubric, hit], scoring: 'weighted-mean' };
    const result = await grade([composite]);
    expect(result).toMatchObject({ status: 'passed', score: 1 });
    expect(result.checks[0]!.checks![0]).toMatchObject({ errored: true });
    // Every member skipped: the composite is skipped, and the test an error.
    const alone = await grade([{ type: 'assert-set', checks: [rubric], scoring: 'passed-share' }]);
    expect(alone).toMatchObject({ status: 'error', error: { code: 'JUDGE_FAILED' } });
  });

  it('a required crashing code grader makes the score 0', async () => {
    const result = await grade([{ ...crash, required: true, weight: 0.1 }, hit]);
    expect(result).toMatchObject({ status: 'failed', score: 0 });
  });

  it('a failed judge is an error, negated or required too: AgentV makes a test with a skipped grader an error', async () => {
    for (const checks of [
      [rubric, hit],
      [{ ...rubric, negate: true }, hit],
      [{ ...rubric, required: true }],
      [rubric],
    ]) {
      const result = await grade(checks);
      expect(result).toMatchObject({ status: 'error', score: 0, error: { code: 'JUDGE_FAILED' } });
      expect(result.checks[0]).toMatchObject({ errored: true, passed: false });
    }
  });

  it("a failed judge of AgentV's implicit criteria grader fails the test with 0, as AgentV's does", async () => {
    const result = await grade([{ ...rubric, name: 'criteria', agentv: true }]);
    expect(result).toMatchObject({ status: 'failed', score: 0 });
    expect(result.checks[0]).toMatchObject({ errored: true, passed: false, score: 0 });
    expect(result.checks[0]!.evidence).toMatch(/^AgentV scores a grader that fails to grade 0: /);
  });

  it('a check skill-eval cannot start is still an error: an unknown type', async () => {
    const result = await grade([{ type: 'no-such-check' }, hit]);
    expect(result).toMatchObject({ status: 'error', error: { code: 'BAD_INPUT' } });
  });

  it('a case of another format still errors on a crashing grader or a failed judge', async () => {
    expect(await grade([crash, hit], {}, 'every-check')).toMatchObject({ status: 'error' });
    expect(await grade([rubric, hit], {}, 'every-check')).toMatchObject({
      status: 'error',
      error: { code: 'JUDGE_FAILED' },
    });
  });
});
