import { describe, it } from 'vitest';
import { FORMAT_CHECKS } from './format-checks.js';
import { FORMAT_CHECK_NAMES, type FormatConformanceOptions } from './format-options.js';

/**
 * Registers the format conformance suite as vitest tests: one test per check, in a `describe` named after the
 * format. Checks declared in `skipped` are not registered: the title names each with its reason.
 */
export function describeFormatConformance(name: string, options: FormatConformanceOptions): void {
  const skipped = FORMAT_CHECK_NAMES.filter((check) => options.skipped?.[check]);
  const title = skipped.length
    ? ` (not applicable — ${skipped.map((check) => `${check}: ${options.skipped?.[check]}`).join('; ')})`
    : '';
  describe(`${name} format conformance${title}`, () => {
    for (const check of FORMAT_CHECK_NAMES) {
      if (options.skipped?.[check]) continue;
      it(FORMAT_CHECKS[check].title, () => FORMAT_CHECKS[check].run(options), 30_000);
    }
  });
}
