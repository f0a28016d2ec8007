import { isMap, isScalar, type YAMLMap } from 'yaml';
import type { ParsedYaml } from './parse-yaml.js';

/**
 * The keys of a parsed document's top-level map, read from its nodes without converting the document to data — for
 * a detector that only needs to know whether a key is there, and so can pass over another tool's large file at the
 * cost of its parse. Undefined when the nodes alone cannot say what the data's keys are (the document is no map, or
 * a key is an alias, a merge key, a collection or a non-string scalar): the caller then looks at the data.
 */
export function topLevelKeys(parsed: ParsedYaml): ReadonlySet<string> | undefined {
  const contents = parsed.doc.contents;
  if (!isMap(contents)) return undefined;
  const keys = new Set<string>();
  for (const { key } of (contents as YAMLMap).items) {
    if (!isScalar(key) || typeof key.value !== 'string' || key.value === '<<') return undefined;
    keys.add(key.value);
  }
  return keys;
}
