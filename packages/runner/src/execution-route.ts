import type { Judge } from '@skill-eval/grading';
import type { ExecutionContext } from './execution-context.js';

/** Where one execution's model traffic goes when it is not the environment's endpoints (record/replay). */
export interface ExecutionRoute {
  /** Variables laid over the execution's source environment (base URLs, keys); `undefined` removes one. */
  env(executionId: string): Record<string, string | undefined>;
  /** The judge of this execution's rubric criteria; the run's judge when absent. */
  judge?(executionId: string): Judge | undefined;
}

/** The context of one execution with its route applied. */
export function routedContext<C extends ExecutionContext>(ctx: C, executionId: string, route?: ExecutionRoute): C {
  if (!route) return ctx;
  return { ...ctx, env: { ...ctx.env, ...route.env(executionId) }, judge: route.judge?.(executionId) ?? ctx.judge };
}
