import * as z from 'zod';
import { lazySchema } from './lazy-schema.js';
import { terminalLine } from './terminal-text.js';

/** A problem found in an input file. Bad input is reported as diagnostics, never thrown. */
export const DiagnosticSchema = lazySchema(() =>
  z.object({
    /** `error` stops the file from running; `warning` and `info` are advice. */
    severity: z.enum(['error', 'warning', 'info']),
    /** Stable id of the rule that fired, e.g. `evals-json/missing-prompt`; docs/diagnostics.md lists every one. */
    ruleId: z.string(),
    /** What is wrong and what to do about it. */
    message: z.string(),
    /** Absolute path of the file the problem is in. */
    file: z.string(),
    /** 1-based line, when known. */
    line: z.number().int().positive().optional(),
    /** 1-based column, when known. */
    column: z.number().int().positive().optional(),
    /** 1-based line where the text at fault ends, when known (an editor underlines from `line:column` to here). */
    endLine: z.number().int().positive().optional(),
    /** 1-based column just past the text at fault, on `endLine`. */
    endColumn: z.number().int().positive().optional(),
    /**
     * Set on an error that `--trust` lifts: the file reaches outside its project (a `..` or absolute reference), which
     * only the user may allow. With `--trust` it is a warning and the reference is used.
     */
    needsTrust: z.literal(true).optional(),
  }),
);
export type Diagnostic = z.infer<typeof DiagnosticSchema>;

/** Diagnostics as `--trust` leaves them: each error it lifts becomes a warning saying so. */
export function withTrust(diagnostics: readonly Diagnostic[], trust: boolean): Diagnostic[] {
  if (!trust) return [...diagnostics];
  return diagnostics.map((d) =>
    d.needsTrust && d.severity === 'error'
      ? { ...d, severity: 'warning' as const, message: `${d.message} Allowed by --trust.` }
      : d,
  );
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/**
 * `file:line:column: severity: message (rule-id)`, the shape compilers print and editors and CI read: one line,
 * whatever the message quotes from the file (see terminalLine).
 */
export function formatDiagnostic(d: Diagnostic, relativeTo?: (file: string) => string): string {
  const file = relativeTo ? relativeTo(d.file) : d.file;
  const position = d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : '';
  return terminalLine(`${file}${position}: ${d.severity}: ${d.message} (${d.ruleId})`);
}
