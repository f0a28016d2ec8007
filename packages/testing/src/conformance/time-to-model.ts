import type { RecordedRequest } from '@skill-eval/model-server';
import type { EngineConformanceOptions } from './options.js';

/**
 * The longest an engine took so far, from `engine.run` to its first request of the check's conversation at the model
 * server, by the suite's options (one object per `describeEngineConformance`, whose checks a test file runs in order):
 * what the machine's load makes of the engine's start right now.
 */
const slowest = new WeakMap<EngineConformanceOptions, number>();

/** Notes how long a check's run took to reach the model: `requests` are the check's own, in their order. */
export function noteTimeToModel(
  options: EngineConformanceOptions,
  startedAt: number,
  requests: readonly Pick<RecordedRequest, 'at'>[],
): void {
  const first = requests[0];
  if (!first) return;
  slowest.set(options, Math.max(slowest.get(options) ?? 0, first.at - startedAt));
}

/** The longest time to the model noted for these options, or undefined before any check reached it. */
export function slowestTimeToModel(options: EngineConformanceOptions): number | undefined {
  return slowest.get(options);
}
