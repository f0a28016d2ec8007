import type { Node } from 'yaml';
import { type Position, spanPosition } from './line-index.js';
import type { ParsedYaml } from './parse-yaml.js';

/**
 * Where a YAML node starts and ends, for a diagnostic that underlines it (case sources keep only the start:
 * `positionOf`). A node without a range of its own gets its start alone.
 */
export function yamlSpan(yaml: Pick<ParsedYaml, 'positionOf' | 'positionAt'>, node: Node | null | undefined) {
  const start = yaml.positionOf(node);
  if (!start || !node?.range) return start;
  return spanPosition(start, yaml.positionAt(node.range[1]));
}

export type { Position };
