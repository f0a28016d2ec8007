import type { Environment, EnvironmentRun } from '@skill-eval/core';
import type { EngineTarget } from './engine-target.js';
import type { PlanItem } from './plan.js';

/** The environments a run started, to stop when it ends. */
export interface StartedEnvironments {
  stop(): Promise<void>;
}

/**
 * Starts every environment the executions to run use, once each, before any of them runs: one that cannot run here
 * (no daemon, a missing image) stops the run with what to do, before anything is spent. Stopping never throws.
 */
export async function startEnvironments(
  items: readonly PlanItem<EngineTarget>[],
  environmentOf: ((testCase: PlanItem<EngineTarget>['testCase']) => Environment | undefined) | undefined,
  run: EnvironmentRun,
): Promise<StartedEnvironments> {
  const used = new Set<Environment>();
  for (const item of items) {
    const environment = environmentOf?.(item.testCase);
    if (environment) used.add(environment);
  }
  const started: Environment[] = [];
  const stop = async () => {
    for (const environment of started) await environment.stop?.().catch(() => {});
  };
  try {
    for (const environment of used) {
      started.push(environment);
      await environment.start?.(run);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
