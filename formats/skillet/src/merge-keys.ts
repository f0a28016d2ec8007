import { type Document, isAlias, isMap, isScalar, isSeq, type Node, type Pair, YAMLMap } from 'yaml';

const isMergeKey = (pair: Pair): boolean => isScalar(pair.key) && pair.key.type === 'PLAIN' && pair.key.value === '<<';
const keyText = (pair: Pair): string => (isScalar(pair.key) ? String(pair.key.value) : String(pair.key));

/**
 * A map as PyYAML's SafeLoader builds it from merge keys (`<<: *base`, `<<: [*a, *b]`; SafeConstructor.flatten_mapping):
 * the named maps' entries join it, its own keys winning, then the first named map's; YAML 1.2 has no merge keys, so
 * skill-eval's reader sees `<<` as a key. `problems` are the values of `<<` that name no map, which PyYAML refuses.
 */
export function withMergeKeys(doc: Document, map: YAMLMap): { map: YAMLMap; problems: Node[] } {
  const merges = map.items.filter(isMergeKey);
  if (merges.length === 0) return { map, problems: [] };
  const problems: Node[] = [];
  const sources: YAMLMap[] = [];
  for (const pair of merges) {
    const value = pair.value as Node | null;
    for (const item of isSeq(value) ? (value.items as Node[]) : [value]) {
      const target = isAlias(item) ? item.resolve(doc) : item;
      if (isMap(target)) sources.push(withMergeKeys(doc, target).map);
      else problems.push((item ?? pair.key) as Node);
    }
  }
  const items = map.items.filter((pair) => !isMergeKey(pair));
  const seen = new Set(items.map(keyText));
  for (const source of sources)
    for (const pair of source.items)
      if (!seen.has(keyText(pair))) {
        seen.add(keyText(pair));
        items.push(pair);
      }
  const merged = new YAMLMap(doc.schema);
  merged.items = items;
  merged.range = map.range;
  return { map: merged, problems };
}
