import { DiagnosticSink } from './diagnostic-sink.js';
import { type Position, spanPosition } from './line-index.js';
import type { JsonNode } from './parse-json.js';

/** Collects the diagnostics of one JSON file, positioned at its nodes (or at explicit positions). */
export class JsonDiagnosticSink<Rule extends string> extends DiagnosticSink<Rule, JsonNode | Position> {
  constructor(
    file: string,
    formatId: string,
    private readonly positionAt: (offset: number) => Position,
  ) {
    super(file, formatId, (at) =>
      'offset' in at ? spanPosition(positionAt(at.offset), positionAt(at.offset + at.length)) : at,
    );
  }

  /** Where a node starts, for diagnostics and case sources. */
  position(node: JsonNode | undefined): Position | undefined {
    return node ? this.positionAt(node.offset) : undefined;
  }
}
