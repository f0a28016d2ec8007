import type { ParsedYaml, YamlNode } from '@skill-eval/format-kit';
import { isMap, isScalar, isSeq, type Pair } from 'yaml';

/** `judge.success[0].output_contains`, the way messages name a place in the file. */
export function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    '',
  );
}

/** The node at `path`, or the nearest ancestor that exists (so a missing key points at its parent). */
export function nodeAt(yaml: ParsedYaml, path: readonly PropertyKey[]): YamlNode | undefined {
  let node = yaml.doc.contents as YamlNode | null;
  for (const key of path) {
    const next = childOf(node, key);
    if (!next) break;
    node = next;
  }
  return node ?? undefined;
}

/** The key node of `key` in the map at `path` (to point at an unknown key itself). */
export function keyNodeAt(yaml: ParsedYaml, path: readonly PropertyKey[], key: string): YamlNode | undefined {
  const map = nodeAt(yaml, path);
  if (!isMap(map)) return map;
  const pair = map.items.find((item: Pair) => isScalar(item.key) && String(item.key.value) === key);
  return (pair?.key as YamlNode | undefined) ?? map;
}

function childOf(node: unknown, key: PropertyKey): YamlNode | undefined {
  if (isMap(node)) {
    const pair = node.items.find((item: Pair) => isScalar(item.key) && String(item.key.value) === String(key));
    return (pair?.value ?? undefined) as YamlNode | undefined;
  }
  if (isSeq(node) && typeof key === 'number') return (node.items[key] ?? undefined) as YamlNode | undefined;
  return undefined;
}
