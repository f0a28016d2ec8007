import { type JsonNode, DiagnosticSink as KitSink, type Position } from '@skill-eval/format-kit';

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
  | 'missing-file'
  | 'unknown-key';

/** Collects diagnostics for one file, positioned at JSON nodes (or explicit positions). */
export class DiagnosticSink extends KitSink<RuleId, JsonNode | Position> {
  constructor(
    file: string,
    private readonly positionAt: (offset: number) => Position,
  ) {
    super(file, 'evals-json', (at) => ('offset' in at ? positionAt(at.offset) : at));
  }

  /** Where a node starts, for diagnostics and case sources. */
  position(node: JsonNode | undefined): Position | undefined {
    return node ? this.positionAt(node.offset) : undefined;
  }
}
