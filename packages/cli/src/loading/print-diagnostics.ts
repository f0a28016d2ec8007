import { relative } from 'node:path';
import { type Diagnostic, formatDiagnostic } from '@skill-eval/core';

/** How many diagnostics of one rule in one file are printed each before they are grouped into one line. */
const GROUP_FROM = 4;
/** Positions a grouped line names. */
const POSITIONS_SHOWN = 5;

export interface PrintDiagnosticsOptions {
  /** Leave out `info` (`run -q`): advice that changes nothing about the run. */
  quiet?: boolean;
}

const position = (d: Diagnostic): string => (d.line ? `${d.line}${d.column ? `:${d.column}` : ''}` : '');

/**
 * Repeated advice (`info` and `warning`) of one rule in one file as one line: the first diagnostic, then how many
 * there are and where the first few are. Errors are each printed, as each needs its own fix.
 */
function grouped(diagnostics: readonly Diagnostic[], relativeTo: (file: string) => string): string[] {
  const groups = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    const key = d.severity === 'error' ? `${groups.size}` : JSON.stringify([d.severity, d.ruleId, d.file]);
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  return [...groups.values()].flatMap((group) => {
    if (group.length < GROUP_FROM) return group.map((d) => formatDiagnostic(d, relativeTo));
    const positions = group.map(position).filter(Boolean);
    const where = positions.length
      ? `, at ${positions.slice(0, POSITIONS_SHOWN).join(', ')}${positions.length > POSITIONS_SHOWN ? ', …' : ''}`
      : '';
    return [`${formatDiagnostic(group[0]!, relativeTo)} — ${group.length} of these in this file${where}`];
  });
}

/**
 * Writes diagnostics as `file:line:col: severity: message [rule]`, errors last so they stay in view; repeated advice of
 * one rule in one file is grouped, and `quiet` leaves out `info`.
 */
export function printDiagnostics(
  diagnostics: readonly Diagnostic[],
  cwd: string,
  out: NodeJS.WritableStream,
  options: PrintDiagnosticsOptions = {},
): void {
  const order = { info: 0, warning: 1, error: 2 } as const;
  const shown = options.quiet ? diagnostics.filter((d) => d.severity !== 'info') : diagnostics;
  const sorted = [...shown].sort((a, b) => order[a.severity] - order[b.severity]);
  if (sorted.length === 0) return;
  // One write: a write per diagnostic costs a system call each.
  out.write(`${grouped(sorted, (file) => relative(cwd, file) || file).join('\n')}\n`);
}
