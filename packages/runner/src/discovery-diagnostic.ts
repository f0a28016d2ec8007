import type { Diagnostic } from '@skill-eval/core';

/** A diagnostic of discovery: a whole file, no position. */
export const diag = (severity: Diagnostic['severity'], ruleId: string, file: string, message: string): Diagnostic => ({
  severity,
  ruleId,
  file,
  message,
});
