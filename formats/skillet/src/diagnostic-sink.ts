import type { CheckProblem } from '@skill-eval/checks';
import { DiagnosticSink as KitSink, type Position, type YamlNode } from '@skill-eval/format-kit';

/** Stable rule ids of this format; each diagnostic names one. */
export type RuleId =
  | 'syntax'
  | 'duplicate-key'
  | 'yaml-warning'
  | 'not-a-map'
  | 'missing-field'
  | 'wrong-type'
  | 'blank-prompt'
  | 'blank-expected'
  | 'blank-name'
  | 'invalid-assertion'
  | 'invalid-regex'
  | 'empty-assertions'
  | 'unknown-key'
  | 'needs-trust'
  | 'yml-ignored'
  // getsentry/skillet's `.eval.yaml`.
  | 'not-discovered'
  | 'missing-evals'
  | 'invalid-case'
  | 'missing-name'
  | 'missing-turns'
  | 'ignored-value'
  | 'ignored-check'
  | 'exits-never'
  | 'cwd-unsupported'
  | 'invalid-timeout'
  | 'requires-not-checked'
  | 'threshold-out-of-range'
  | 'judge-never-fails'
  | 'judge-pass-fail'
  | 'duplicate-name'
  | 'nothing-to-grade'
  | 'output-final-answers'
  | 'empty-output-check'
  // The check catalogue's (a check whose parameters are wrong, or whose type skill-eval cannot grade).
  | CheckProblem['ruleId'];

/** Collects diagnostics for one file, positioned at YAML nodes (or explicit positions). */
export class DiagnosticSink extends KitSink<RuleId, YamlNode | Position> {
  constructor(
    file: string,
    readonly positionOf: (node: YamlNode | null | undefined) => Position | undefined,
  ) {
    // A position may arrive as a parser problem carrying its own message: keep only line and column.
    super(file, 'skillet', (at) =>
      'line' in at && 'column' in at
        ? { line: at.line as number, column: at.column as number }
        : positionOf(at as YamlNode),
    );
  }
}
