import { SkillEvalError } from '@skill-eval/core';
import { truncate } from '../judge/bounded-text.js';
import { assertionContext } from './assertion-context.js';
import { assertionResultOutcome } from './assertion-result.js';
import type { CheckEvaluator } from './check-evaluator.js';
import { numberOrUndefined, timeoutMs } from './check-limits.js';
import { stringValue } from './check-value.js';
import { fileReference } from './file-reference.js';
import { EVIDENCE_CHARS } from './grading-program.js';
import { inlinePythonModule, PYTHON_RUNNER } from './python-runner.js';
import { requireTrust } from './require-trust.js';
import { runChildProcess } from './run-child-process.js';
import { stopped } from './until-stopped.js';

const DEFAULT_TIMEOUT_SECONDS = 30;

/**
 * promptfoo's `python` assertion: an expression, a function body, or `file://x.py[:name]` whose
 * `get_assert(output, context)` decides. Runs `python3` in the workspace; what the code returns is
 * read by assertionResultOutcome.
 */
export const python: CheckEvaluator = async (check, context) => {
  requireTrust('python', context);
  const source = stringValue(check);
  const threshold = numberOrUndefined(check, 'threshold');
  const limit = timeoutMs(check, DEFAULT_TIMEOUT_SECONDS);
  const ref = fileReference('python', source, context);
  const request = {
    ...(ref ? { file: ref.file, function: ref.functionName ?? 'get_assert' } : { code: inlinePythonModule(source) }),
    output: context.session.finalMessage,
    context: assertionContext(check, context),
  };
  const result = await runChildProcess({
    file: 'python3',
    args: ['-c', PYTHON_RUNNER],
    cwd: context.workspace,
    env: {
      ...(context.env ?? { PATH: process.env.PATH ?? '/usr/bin:/bin' }),
      PYTHONIOENCODING: 'utf-8',
      PYTHONDONTWRITEBYTECODE: '1',
    },
    input: JSON.stringify(request),
    timeoutMs: limit,
    signal: context.signal,
  });
  if (result.aborted && context.signal) throw stopped(context.signal, 'python check');
  if (result.timedOut) {
    throw new SkillEvalError('TIMEOUT', `python check ran past its ${limit / 1000} s limit and was killed`, {
      hint: 'Raise the check’s timeoutSeconds, or look for an endless loop',
    });
  }
  if (result.spawnError !== undefined) {
    const missing = result.spawnError.includes('ENOENT');
    throw new SkillEvalError(
      'BAD_INPUT',
      missing
        ? 'python check needs python3, and there is no python3 on PATH'
        : `python check could not start python3: ${result.spawnError}`,
      { hint: 'Install Python 3 and make sure python3 is on PATH' },
    );
  }
  const answer = runnerAnswer(result.stdout);
  if (!answer) {
    const said = result.stderr.trim() ? `: ${truncate(result.stderr.trim(), EVIDENCE_CHARS)}` : '';
    throw new SkillEvalError('BAD_INPUT', `python check failed (python3 exited ${result.exitCode})${said}`);
  }
  if (!answer.ok) throw new SkillEvalError('BAD_INPUT', `python check raised ${answer.error}`);
  return assertionResultOutcome('python', answer.result, threshold);
};

type RunnerAnswer = { ok: true; result: unknown } | { ok: false; error: string };

function runnerAnswer(stdout: string): RunnerAnswer | undefined {
  try {
    const parsed = JSON.parse(stdout) as RunnerAnswer;
    return typeof parsed === 'object' && parsed !== null && typeof parsed.ok === 'boolean' ? parsed : undefined;
  } catch {
    return undefined;
  }
}
