import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import { readAgentText } from '@skill-eval/engine-kit/agent-files';
import type { CheckEvaluator } from './check-evaluator.js';
import { stringParam } from './check-value.js';
import { workspacePath } from './workspace-path.js';

/**
 * The workspace file at `path` — or, without `path`, the final answer — equals the `golden` file
 * (an absolute path). `trim: true` ignores surrounding whitespace; line endings are compared as `\n`.
 */
export const goldenFile: CheckEvaluator = async (check, { session, workspace }) => {
  const golden = stringParam(check, 'golden');
  if (!path.isAbsolute(golden)) {
    throw new SkillEvalError('BAD_INPUT', `golden-file golden "${golden}" is not an absolute path`, {
      hint: 'the format resolves golden files against the eval file; report this as a format bug',
    });
  }
  const expected = await readFile(golden, 'utf8').catch((error: Error) => {
    throw new SkillEvalError('BAD_INPUT', `golden-file cannot read the golden file ${golden}: ${error.message}`, {
      cause: error,
      hint: 'check that the golden file exists next to the eval file',
    });
  });
  let actual = session.finalMessage;
  let subject = 'the final answer';
  if (check.path !== undefined) {
    subject = stringParam(check, 'path');
    workspacePath(check, workspace, subject);
    const read = await readAgentText(workspace, subject);
    if (typeof read !== 'string')
      return { passed: false, evidence: read.refused === 'missing' ? `${subject} is missing` : read.message };
    actual = read;
  }
  const prepare = (s: string) => {
    const unix = s.replaceAll('\r\n', '\n');
    return check.trim === true ? unix.trim() : unix;
  };
  const difference = firstDifference(prepare(actual), prepare(expected));
  return difference
    ? { passed: false, evidence: `${subject} differs from ${path.basename(golden)}: ${difference}` }
    : { passed: true, evidence: `${subject} matches ${path.basename(golden)}` };
};

/** The first line where `actual` and `expected` differ, quoted; undefined when they are equal. */
export function firstDifference(actual: string, expected: string): string | undefined {
  if (actual === expected) return undefined;
  const got = actual.split('\n');
  const want = expected.split('\n');
  for (let i = 0; i < Math.max(got.length, want.length); i++) {
    if (got[i] !== want[i]) {
      const show = (line: string | undefined) => (line === undefined ? '(end of text)' : JSON.stringify(line));
      return `line ${i + 1}: expected ${show(want[i])}, got ${show(got[i])}`;
    }
  }
  return 'they differ'; // Unreachable: equal line lists mean equal texts.
}
