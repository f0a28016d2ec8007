import type { Suite } from '@skill-eval/core';
import pLimit, { type LimitFunction } from 'p-limit';
import { suiteParallelism } from './suite-run-settings.js';

/** A task's hold on its run slot (and its suite's). */
export interface Slot {
  /**
   * Gives the slot back before the task ends, to the next task waiting for one, when fewer than `concurrency` tasks
   * are already finishing outside theirs (else the task keeps it until it ends); true when it was given back. The
   * task goes on: what it does from here is not counted against the run's concurrency.
   */
  release(): boolean;
}

/** Runs a task of `suite` when both the run and the suite have room. */
export type Schedule = <T>(suite: Suite, task: (slot: Slot) => Promise<T>) => Promise<T>;

/**
 * At most `concurrency` tasks at once, and at most a suite's own `parallelism` of that suite's. A task takes its
 * suite's slot before a run slot, so a suite waiting on itself never holds run slots other suites could use. A task
 * that gives its slot back early (Slot.release) finishes beside the others; at most `concurrency` do at a time.
 */
export function createScheduler(concurrency: number, suites: readonly Suite[]): Schedule {
  const limit = Math.max(1, concurrency);
  const run = pLimit(limit);
  const perSuite = new Map<Suite, LimitFunction>();
  for (const suite of suites) {
    const parallelism = suiteParallelism(suite);
    if (parallelism !== undefined && parallelism < concurrency) perSuite.set(suite, pLimit(parallelism));
  }
  let finishingOutside = 0;
  return <T>(suite: Suite, task: (slot: Slot) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      // The limits hold the slot until this promise settles: when the task ends, or when it gives the slot back.
      const held = () =>
        new Promise<void>((free) => {
          let released = false;
          const release = () => {
            if (released || finishingOutside >= limit) return false;
            released = true;
            finishingOutside++;
            free();
            return true;
          };
          let running: Promise<T>;
          try {
            running = task({ release });
          } catch (error) {
            running = Promise.reject(error);
          }
          running.then(resolve, reject).finally(() => {
            if (released) finishingOutside--;
            else free();
          });
        });
      const own = perSuite.get(suite);
      void (own ? own(() => run(held)) : run(held));
    });
}
