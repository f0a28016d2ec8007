import { describe, expect, it } from 'vitest';
import { type EnvironmentDefects, referenceEnvironment } from '../test-support/reference-environment.js';
import { describeEnvironmentConformance } from './describe-environment-conformance.js';
import { ENVIRONMENT_CHECKS } from './environment-checks.js';
import type { EnvironmentCheckName, EnvironmentConformanceOptions } from './environment-options.js';

const options = (defects: EnvironmentDefects = {}): EnvironmentConformanceOptions => {
  const plugin = referenceEnvironment(defects);
  return { plugin, createEnvironment: () => plugin.create(plugin.parseSettings(undefined)) };
};

// A conforming environment passes every check.
describeEnvironmentConformance('reference', options());

describe('the environment conformance suite fails an environment that', () => {
  const cases: [string, EnvironmentCheckName, EnvironmentDefects][] = [
    ["passes on the host's environment", 'env', { inheritsHostEnv: true }],
    ['lets a program run past its deadline', 'deadline', { ignoresDeadline: true }],
    ['leaves background programs running when a program exits', 'close', { leavesGroup: true }],
    ['delivers lines after a stop', 'stop', { deliversAfterStop: true }],
  ];
  it.each(cases)(
    '%s (check %s)',
    async (_, check, defects) => {
      await expect(ENVIRONMENT_CHECKS[check].run(options(defects))).rejects.toThrow();
    },
    20_000,
  );
});
