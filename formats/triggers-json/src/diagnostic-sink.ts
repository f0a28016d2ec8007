import { type JsonNode, DiagnosticSink as KitSink, type Position } from '@skill-eval/format-kit';

/** Stable rule ids of this format; each diagnostic names one. */
export type RuleId =
  | 'syntax'
  | 'not-a-trigger-set'
  | 'empty'
  | 'missing-query'
  | 'wrong-type'
  | 'duplicate-id'
  | 'duplicate-key'
  | 'duplicate-query'
  | 'default-should-trigger'
  | 'grouped-variant'
  | 'skill-from-folder'
  | 'unknown-key';

/** Collects diagnostics for one file, positioned at JSON nodes (or explicit positions). */
export class DiagnosticSink extends KitSink<RuleId, JsonNode | Position> {
  constructor(
    file: string,
    private readonly positionAt: (offset: number) => Position,
  ) {
    super(file, 'triggers-json', (at) => ('offset' in at ? positionAt(at.offset) : at));
  }

  /** Where a node starts, for diagnostics and case sources. */
  position(node: JsonNode | undefined): Position | undefined {
    return node ? this.positionAt(node.offset) : undefined;
  }
}
