import type { CheckProblem } from '@skill-eval/checks';
import { JsonDiagnosticSink, type Position } from '@skill-eval/format-kit';

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
  | 'typed-assertion'
  | 'no-skill'
  | 'blank-assertion'
  | 'expected-output-as-criterion'
  | 'nothing-to-grade'
  | 'missing-skill-name'
  | 'file-escapes-root'
  | 'missing-file'
  | 'unknown-key'
  | 'tea-layout'
  | 'tea-inconsistent'
  | 'tea-run-totals'
  // The check catalogue's (a check whose parameters are wrong, or whose type skill-eval cannot grade).
  | CheckProblem['ruleId'];

/** Collects the diagnostics of one evals-json file. */
export class DiagnosticSink extends JsonDiagnosticSink<RuleId> {
  constructor(file: string, positionAt: (offset: number) => Position) {
    super(file, 'evals-json', positionAt);
  }
}
