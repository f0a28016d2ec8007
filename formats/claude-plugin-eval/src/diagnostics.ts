import type { Diagnostic } from '@skill-eval/core';

/** Stable rule ids of this format; each diagnostic names one (`claude-plugin-eval/<rule>`). */
export type RuleId =
  | 'syntax'
  | 'not-a-map'
  | 'unterminated-front-matter'
  | 'unknown-key'
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
  | 'judge-sees-more'
  | 'tools-not-restricted'
  | 'setting-not-applied'
  | 'needs-trust'
  | 'path-escapes-case'
  | 'mocks-not-staged'
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
 * graders/*.md): each diagnostic names the file and line it is about.
 */
export class CaseDiagnostics {
  readonly diagnostics: Diagnostic[] = [];

  report(severity: Diagnostic['severity'], rule: RuleId, message: string, where: Where): void {
    const { file, line, column } = where;
    this.diagnostics.push({
      severity,
      ruleId: `claude-plugin-eval/${rule}`,
      message,
      file,
      ...(line ? { line } : {}),
      ...(line && column ? { column } : {}),
    });
  }

  error(rule: RuleId, message: string, where: Where): void {
    this.report('error', rule, message, where);
  }

  warning(rule: RuleId, message: string, where: Where): void {
    this.report('warning', rule, message, where);
  }

  info(rule: RuleId, message: string, where: Where): void {
    this.report('info', rule, message, where);
  }

  get hasErrors(): boolean {
    return this.diagnostics.some((d) => d.severity === 'error');
  }
}
