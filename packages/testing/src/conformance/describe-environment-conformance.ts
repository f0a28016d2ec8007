import { describe, it } from 'vitest';
import { ENVIRONMENT_CHECKS } from './environment-checks.js';
import { ENVIRONMENT_CHECK_NAMES, type EnvironmentConformanceOptions } from './environment-options.js';

/**
 * Registers the environment conformance suite as vitest tests: one test per check, in a `describe` named after the
 * environment. Checks declared in `skipped` are not registered: the title names each with its reason. Linux only
 * (the kill checks find the programs' processes in /proc).
 */
export function describeEnvironmentConformance(name: string, options: EnvironmentConformanceOptions): void {
  const skipped = ENVIRONMENT_CHECK_NAMES.filter((check) => options.skipped?.[check]);
  const title = skipped.length
    ? ` (not applicable — ${skipped.map((check) => `${check}: ${options.skipped?.[check]}`).join('; ')})`
    : '';
  describe(`${name} environment conformance${title}`, () => {
    for (const check of ENVIRONMENT_CHECK_NAMES) {
      if (options.skipped?.[check]) continue;
      const { title, run } = ENVIRONMENT_CHECKS[check];
      it(title, () => run(options), options.testTimeoutMs ?? 30_000);
    }
  });
}
