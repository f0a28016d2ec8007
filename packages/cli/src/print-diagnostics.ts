import { relative } from 'node:path';
import { type Diagnostic, formatDiagnostic } from '@skill-eval/core';

/** Writes diagnostics as `file:line:col: severity: message [rule]`, errors last so they stay in view. */
export function printDiagnostics(diagnostics: readonly Diagnostic[], cwd: string, out: NodeJS.WritableStream): void {
  const order = { info: 0, warning: 1, error: 2 } as const;
  const sorted = [...diagnostics].sort((a, b) => order[a.severity] - order[b.severity]);
  if (sorted.length === 0) return;
  // One write: a write per diagnostic costs a system call each.
  out.write(`${sorted.map((d) => formatDiagnostic(d, (file) => relative(cwd, file) || file)).join('\n')}\n`);
}
