import { describe, it } from 'vitest';
import { CHECKS } from './checks.js';
import { CHECK_NAMES, type EngineConformanceOptions } from './options.js';

const NO_SERVER = 'the engine runs without a model server, and this check only asserts what the model was sent';

/**
 * Registers the engine conformance suite as vitest tests: one test per check, in a `describe` named after the
 * engine. Checks that do not apply to the engine (declared in `skipped`, or server-only checks of an
 * `api: 'none'` engine) are not registered as skipped tests: the `describe` title names each with its reason,
 * so a report shows exactly what the engine was not held to.
 */
export function describeEngineConformance(name: string, options: EngineConformanceOptions): void {
  const standIn = options.api === 'none';
  const reasonFor = (check: (typeof CHECK_NAMES)[number]) =>
    options.skipped?.[check] ?? (standIn && CHECKS[check].serverOnly ? NO_SERVER : undefined);
  const notApplicable = CHECK_NAMES.filter((check) => reasonFor(check)).map((check) => `${check}: ${reasonFor(check)}`);
  const title = notApplicable.length ? ` (not applicable — ${notApplicable.join('; ')})` : '';
  describe(`${name} engine conformance${title}`, () => {
    for (const check of CHECK_NAMES) {
      const { title, run, leastTestTimeoutMs } = CHECKS[check];
      if (reasonFor(check)) continue;
      const suffix = standIn ? ' (engine side only: no model server)' : '';
      const testTimeoutMs = Math.max(options.testTimeoutMs ?? 90_000, leastTestTimeoutMs?.(options) ?? 0);
      it(`${title}${suffix}`, () => run(options), testTimeoutMs);
    }
  });
}
