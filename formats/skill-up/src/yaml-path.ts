import type { ParsedYaml, YamlNode } from '@skill-eval/format-kit';
import { isMap, isScalar, isSeq, type Pair } from 'yaml';

/** `judge.success[0].output_contains`, the way messages name a place in the file. */
export function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    '',
  );
}

/**
 * A place in a parsed file that a diagnostic may point at. The node is looked up only when a diagnostic is
 * reported, so that reading a file that needs none never builds the yaml library's document.
 */
export class YamlPlace {
  constructor(
    private readonly yaml: ParsedYaml,
    private readonly path: readonly PropertyKey[],
    /** Set to point at this key of the map at `path` rather than at the map. */
    private readonly key?: string,
  ) {}

  /** The node: at `path` or its nearest existing ancestor; with `key`, that key's node in the map, else the map. */
  node(): YamlNode | undefined {
    let node = this.yaml.doc.contents as YamlNode | null;
    for (const key of this.path) {
      const next = childOf(node, key);
      if (!next) break;
      node = next;
    }
    if (this.key === undefined || !isMap(node)) return node ?? undefined;
    const pair = node.items.find((item: Pair) => isScalar(item.key) && String(item.key.value) === this.key);
    return (pair?.key as YamlNode | undefined) ?? node;
  }
}

/** The node at `path`, or the nearest ancestor that exists (so a missing key points at its parent). */
export function nodeAt(yaml: ParsedYaml, path: readonly PropertyKey[]): YamlPlace {
  return new YamlPlace(yaml, path);
}

/** The key node of `key` in the map at `path` (to point at an unknown key itself). */
export function keyNodeAt(yaml: ParsedYaml, path: readonly PropertyKey[], key: string): YamlPlace {
  return new YamlPlace(yaml, path, key);
}

function childOf(node: unknown, key: PropertyKey): YamlNode | undefined {
  if (isMap(node)) {
    const pair = node.items.find((item: Pair) => isScalar(item.key) && String(item.key.value) === String(key));
    return (pair?.value ?? undefined) as YamlNode | undefined;
  }
  if (isSeq(node) && typeof key === 'number') return (node.items[key] ?? undefined) as YamlNode | undefined;
  return undefined;
}
