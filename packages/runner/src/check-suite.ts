import { isParsedCase, lazySchema, type Suite, SuiteSchema } from '@skill-eval/core';
import { readPlainSuiteShell } from './plain-suite-shell.js';

/** What a suite is without its cases, for suites whose every case is already known to be valid. */
const SuiteShellSchema = lazySchema(() => SuiteSchema.omit({ cases: true }));

/** Checks a loaded suite against SuiteSchema, without checking a second time the cases core already parsed. */
export function checkSuite(
  suite: Suite,
): { data: Suite; issues?: undefined } | { data?: undefined; issues: SchemaIssue[] } {
  const cases = Array.isArray(suite.cases) ? suite.cases : undefined;
  if (!cases?.every(isParsedCase)) {
    const parsed = SuiteSchema.safeParse(suite);
    return parsed.success ? { data: parsed.data } : { issues: parsed.error.issues };
  }
  const plain = readPlainSuiteShell(suite);
  if (plain) return { data: { ...plain, cases: [...cases] } };
  const shell = SuiteShellSchema.safeParse(suite);
  return shell.success ? { data: { ...shell.data, cases: [...cases] } } : { issues: shell.error.issues };
}

export interface SchemaIssue {
  path: PropertyKey[];
  message: string;
}
