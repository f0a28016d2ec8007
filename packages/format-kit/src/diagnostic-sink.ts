import type { Diagnostic } from '@skill-eval/core';
import type { Position } from './line-index.js';

/**
 * Collects the diagnostics of one file. `locate` turns whatever the format points at (a JSON node,
 * a YAML node, a position) into a line and column; rule ids are prefixed with the format id.
 */
export class DiagnosticSink<Rule extends string = string, At = Position> {
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    private readonly file: string,
    private readonly formatId: string,
    private readonly locate: (at: At) => Position | undefined = (at) => at as unknown as Position,
  ) {}

  report(severity: Diagnostic['severity'], rule: Rule, message: string, at?: At): void {
    this.push({ severity, ruleId: `${this.formatId}/${rule}`, message, file: this.file, ...this.where(at) });
  }

  /** An error `--trust` lifts (a reference out of the project): see `Diagnostic.needsTrust`. */
  errorNeedingTrust(rule: Rule, message: string, at?: At): void {
    this.push({
      severity: 'error',
      ruleId: `${this.formatId}/${rule}`,
      message,
      file: this.file,
      ...this.where(at),
      needsTrust: true,
    });
  }

  private where(at: At | undefined) {
    const position = at === undefined ? undefined : this.locate(at);
    if (!position) return {};
    // Only the position's own fields: a located object may carry others (a parser's error code).
    const { line, column, endLine, endColumn } = position;
    return endLine && endColumn ? { line, column, endLine, endColumn } : { line, column };
  }

  /** The same problem found twice at one place (a suite-level value read for every test) is reported once. */
  private push(diagnostic: Diagnostic): void {
    const { severity, ruleId, line, column, message } = diagnostic;
    const key = `${severity}\0${ruleId}\0${line}\0${column}\0${message}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.diagnostics.push(diagnostic);
  }

  private readonly reported = new Set<string>();

  error(rule: Rule, message: string, at?: At): void {
    this.report('error', rule, message, at);
  }

  warning(rule: Rule, message: string, at?: At): void {
    this.report('warning', rule, message, at);
  }

  info(rule: Rule, message: string, at?: At): void {
    this.report('info', rule, message, at);
  }

  get hasErrors(): boolean {
    return this.diagnostics.some((d) => d.severity === 'error');
  }

  /** Errors reported so far: compare two counts to tell whether a step reported one. */
  get errorCount(): number {
    return this.diagnostics.filter((d) => d.severity === 'error').length;
  }
}
