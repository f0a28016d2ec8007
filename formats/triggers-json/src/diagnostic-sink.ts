import type { CheckProblem } from '@skill-eval/checks';
import { JsonDiagnosticSink, type Position } from '@skill-eval/format-kit';

/** Stable rule ids of this format; each diagnostic names one. */
export type RuleId =
  | 'syntax'
  | 'not-a-trigger-set'
  | 'empty'
  | 'missing-query'
  | 'wrong-type'
  | 'not-boolean'
  | 'duplicate-id'
  | 'duplicate-key'
  | 'duplicate-query'
  | 'default-should-trigger'
  | 'grouped-variant'
  | 'skill-from-folder'
  | 'unknown-key'
  | 'unknown-skill'
  | 'no-skills'
  | 'skill-not-found'
  | 'not-a-skill'
  | 'duplicate-skill'
  | 'outside-project'
  // The check catalogue's (a check whose parameters are wrong, or whose type skill-eval cannot grade).
  | CheckProblem['ruleId'];

/** Collects the diagnostics of one triggers-json file. */
export class DiagnosticSink extends JsonDiagnosticSink<RuleId> {
  constructor(file: string, positionAt: (offset: number) => Position) {
    super(file, 'triggers-json', positionAt);
  }
}
