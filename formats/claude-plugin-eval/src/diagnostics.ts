import type { Diagnostic } from '@skill-eval/core';
import { DiagnosticSink, type Position } from '@skill-eval/format-kit';

/** Stable rule ids of this format; each diagnostic names one (`claude-plugin-eval/<rule>`). */
export type RuleId =
  | 'syntax'
  | 'not-a-map'
  | 'unterminated-front-matter'
  | 'unknown-key'
  | 'repeated-key'
  | 'empty-value'
  | 'missing-field'
  | 'wrong-type'
  | 'newer-schema'
  | 'blank-prompt'
  | 'init-template'
  | 'no-graders'
  | 'duplicate-grader'
  | 'grader-skipped'
  | 'grader-not-gradable'
  | 'invalid-regex'
  | 'never-passes'
  | 'judge-sees-more'
  | 'tool-grant-differs'
  | 'setting-not-applied'
  | 'needs-trust'
  | 'outside-project'
  | 'unreadable-file'
  | 'path-escapes-case'
  | 'mock-not-read'
  | 'mock-not-expressible'
  | 'plugin-parts-not-staged'
  | 'no-plugin';

/** A place in one of the files a case is made of. */
export interface Where {
  file: string;
  line?: number;
  column?: number;
}

/**
 * Collects the diagnostics of one case, which may be spread over several files (case.yaml, prompt.md,
 * graders/*.md): each diagnostic names the file and line it is about, in the order they were reported.
 */
export class CaseDiagnostics {
  readonly diagnostics: Diagnostic[] = [];
  private readonly sinks = new Map<string, DiagnosticSink<RuleId, Position | undefined>>();

  report(severity: Diagnostic['severity'], rule: RuleId, message: string, where: Where, needsTrust = false): void {
    const { file, line, column } = where;
    let sink = this.sinks.get(file);
    if (!sink) {
      sink = new DiagnosticSink<RuleId, Position | undefined>(file, 'claude-plugin-eval', (at) => at);
      this.sinks.set(file, sink);
    }
    const before = sink.diagnostics.length;
    const position = line ? { line, column: column ?? 1 } : undefined;
    if (needsTrust) sink.errorNeedingTrust(rule, message, position);
    else sink.report(severity, rule, message, position);
    // The sink drops a repeat of the same problem at the same place.
    if (sink.diagnostics.length > before) this.diagnostics.push(sink.diagnostics.at(-1)!);
  }

  error(rule: RuleId, message: string, where: Where): void {
    this.report('error', rule, message, where);
  }

  /** An error `--trust` lifts (a file out of the project): see `Diagnostic.needsTrust`. */
  errorNeedingTrust(rule: RuleId, message: string, where: Where): void {
    this.report('error', rule, message, where, true);
  }

  warning(rule: RuleId, message: string, where: Where): void {
    this.report('warning', rule, message, where);
  }

  info(rule: RuleId, message: string, where: Where): void {
    this.report('info', rule, message, where);
  }
}
