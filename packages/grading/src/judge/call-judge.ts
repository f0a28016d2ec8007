import { type CompletionMessage, type CompletionResponse, deadlineSignal, SkillEvalError } from '@skill-eval/core';
import type { Judge } from '../grade.js';

/** One judge completion with a wall-clock limit; an interrupt or timeout rejects even if `complete` ignores the signal. */
export async function callJudge(
  judge: Judge,
  request: { system: string; messages: CompletionMessage[] },
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<CompletionResponse> {
  const { signal: combined, dispose } = deadlineSignal(timeoutMs, signal);
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () =>
      reject(
        signal?.aborted
          ? new SkillEvalError('INTERRUPTED', 'the run was interrupted while the judge was grading')
          : new SkillEvalError('JUDGE_FAILED', `the judge did not answer within ${timeoutMs / 1000}s`),
      );
    if (combined.aborted) onAbort();
    else combined.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const call = judge.complete({ ...request, model: judge.model, maxTokens: 4_096, timeoutMs, signal: combined });
    // A late rejection after a timeout must not surface as an unhandled rejection.
    call.catch(() => undefined);
    return await Promise.race([call, aborted]);
  } finally {
    if (onAbort) combined.removeEventListener('abort', onAbort);
    dispose();
  }
}
