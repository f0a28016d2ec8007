import type { Diagnostic } from '@skill-eval/core';
import type { Node } from 'jsonc-parser';
import type { Position } from './parse-json.js';

/** Stable rule ids of this format; each diagnostic names one. */
export type RuleId =
  | 'syntax'
  | 'not-an-eval-file'
  | 'missing-evals'
  | 'empty-evals'
  | 'missing-prompt'
  | 'wrong-type'
  | 'duplicate-id'
  | 'duplicate-key'
  | 'assertion-not-string'
  | 'blank-assertion'
  | 'expected-output-as-criterion'
  | 'nothing-to-grade'
  | 'missing-skill-name'
  | 'file-escapes-root'
  | 'missing-file';

/** Collects diagnostics for one file, positioned at JSON nodes. */
export class DiagnosticSink {
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    private readonly file: string,
    private readonly positionAt: (offset: number) => Position,
  ) {}

  /** Where a node starts, for diagnostics and case sources. */
  position(node: Node | undefined): Position | undefined {
    return node ? this.positionAt(node.offset) : undefined;
  }

  report(severity: Diagnostic['severity'], rule: RuleId, message: string, at?: Node | Position): void {
    const position = at && 'offset' in at ? this.positionAt(at.offset) : at;
    this.diagnostics.push({ severity, ruleId: `evals-json/${rule}`, message, file: this.file, ...position });
  }

  error(rule: RuleId, message: string, at?: Node | Position): void {
    this.report('error', rule, message, at);
  }

  warning(rule: RuleId, message: string, at?: Node | Position): void {
    this.report('warning', rule, message, at);
  }

  info(rule: RuleId, message: string, at?: Node | Position): void {
    this.report('info', rule, message, at);
  }
}
