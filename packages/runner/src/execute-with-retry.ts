import { addUsage, type CaseResult, emptyUsage, type RetryPolicy } from '@skill-eval/core';
import type { EngineTarget } from './engine-target.js';
import { executeOne } from './execute.js';
import type { ExecutionContext } from './execution-context.js';
import type { PlanItem } from './plan.js';

/**
 * Errors a second attempt cannot change: bad input, a program not installed, tools that cannot run here, an interrupt,
 * the agent's turn budget.
 */
const NEVER_RETRIED = new Set([
  'BAD_INPUT',
  'USAGE',
  'INTERRUPTED',
  'MAX_TURNS',
  'UNKNOWN_PLUGIN',
  'PLUGIN_CONTRACT',
  'ENGINE_NOT_FOUND',
  'ENVIRONMENT_FAILED',
]);

/** Which kind of trouble a result is, for a retry policy; undefined for anything never retried. */
export function retryReason(result: CaseResult): 'timeout' | 'error' | undefined {
  if (result.status !== 'error') return undefined;
  const code = result.error?.code;
  if (code === 'TIMEOUT' || result.session?.status === 'timeout') return 'timeout';
  return code !== undefined && NEVER_RETRIED.has(code) ? undefined : 'error';
}

/**
 * Runs one execution, and runs it again from a fresh workspace while it timed out or errored and the policy
 * allows (a plain failure is the skill's verdict, never retried). Only the last attempt's result is returned,
 * with `attempts` and what the attempts before it spent (`earlierAttempts`) when there was more than one.
 */
export async function executeWithRetry(
  item: PlanItem<EngineTarget>,
  ctx: ExecutionContext,
  policy: RetryPolicy | undefined,
): Promise<CaseResult> {
  let earlier: NonNullable<CaseResult['earlierAttempts']> | undefined;
  for (let attempt = 1; ; attempt++) {
    const result = await executeOne(item, ctx);
    const reason = retryReason(result);
    const again = policy && reason && policy.on.includes(reason) && attempt <= policy.max && !ctx.signal.aborted;
    if (!again) return earlier ? { ...result, attempts: attempt, earlierAttempts: earlier } : result;
    earlier = addSpend(earlier, result);
    // The next attempt's artifacts replace this one's, so the result and its files agree.
    await ctx.store.dropArtifacts(item.planned.executionId);
  }
}

/** `spent` with what `result`'s agent and judge spent added. */
function addSpend(
  spent: NonNullable<CaseResult['earlierAttempts']> | undefined,
  result: CaseResult,
): NonNullable<CaseResult['earlierAttempts']> {
  const agent = { usage: addUsage(spent?.usage ?? emptyUsage(), result.session?.usage ?? {}) };
  const costUsd = (spent?.costUsd ?? 0) + (result.session?.costUsd ?? 0);
  const judged = spent?.judge || result.judge?.usage;
  const judge = judged
    ? {
        usage: addUsage(spent?.judge?.usage ?? emptyUsage(), result.judge?.usage ?? {}),
        costUsd: (spent?.judge?.costUsd ?? 0) + (result.judge?.costUsd ?? 0),
      }
    : undefined;
  return { ...agent, costUsd, ...(judge ? { judge } : {}) };
}
