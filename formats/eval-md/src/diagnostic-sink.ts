import type { CheckProblem } from '@skill-eval/checks';
import { DiagnosticSink as KitSink, type Position } from '@skill-eval/format-kit';

/** Stable rule ids of this format; each diagnostic names one. */
export type RuleId =
  | 'not-skillkit-eval'
  | 'frontmatter-syntax'
  | 'frontmatter-not-closed'
  | 'frontmatter-empty'
  | 'frontmatter-not-a-map'
  | 'frontmatter-crlf'
  | 'frontmatter-bom'
  | 'wrong-type'
  | 'unknown-key'
  | 'missing-section'
  | 'empty-section'
  | 'repeated-section'
  | 'section-ended'
  | 'section-outside-case'
  | 'empty-case-name'
  | 'duplicate-case'
  | 'skillkit-differs'
  | 'legacy-layout'
  | 'tools-not-restricted'
  | 'elixir-module'
  | 'elixir-provider'
  | 'skill-not-found'
  | 'no-sibling-skill'
  | 'agent-mode'
  | 'agent-not-found'
  | 'outside-project'
  | 'unreadable-file'
  | 'nothing-to-grade'
  // The check catalogue's (a check whose parameters are wrong, or whose type skill-eval cannot grade).
  | CheckProblem['ruleId'];

/** Where a diagnostic points: an offset in the file, or a position already computed. */
export type At = number | Position;

/** Collects diagnostics for one EVAL.md, positioned by offsets into the whole file. */
export class DiagnosticSink extends KitSink<RuleId, At> {
  constructor(
    file: string,
    readonly positionAt: (offset: number) => Position,
  ) {
    super(file, 'eval-md', (at) => (typeof at === 'number' ? positionAt(at) : at));
  }
}
