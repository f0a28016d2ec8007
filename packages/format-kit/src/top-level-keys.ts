import { isMap, isScalar, type Scalar, type YAMLMap } from 'yaml';
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

/** The top-level keys of a document and the keys of each of its values that is a map, as its data would have them. */
export interface ShallowShape {
  readonly keys: ReadonlySet<string>;
  /** The keys of the map under `key`; undefined when the value there is not a map (or there is none). */
  keysUnder(key: string): ReadonlySet<string> | undefined;
}

/**
 * The top two levels of keys of a parsed YAML text, read from its nodes, for a detector that asks only which keys
 * are there (and which keys a value's map has): it then need not convert a whole document to data. Undefined, for
 * the caller to look at the data instead, wherever the nodes might say otherwise than the data: a syntax error, an
 * alias anywhere (the text has a `*`: the data could also fail to expand), a tag on a map (`!!set`), or a key that is
 * not a plain string (a merge key, a number, a list, `__proto__`).
 */
export function shallowShape(parsed: ParsedYaml, text: string): ShallowShape | undefined {
  if (parsed.errors.length > 0 || text.includes('*')) return undefined;
  const contents = parsed.doc.contents;
  const keys = plainMapKeys(contents);
  if (!keys) return undefined;
  const under = new Map<string, ReadonlySet<string>>();
  for (const { key, value } of (contents as YAMLMap).items) {
    if (!isMap(value)) continue;
    const inner = plainMapKeys(value);
    if (!inner) return undefined;
    under.set((key as Scalar<string>).value, inner);
  }
  return { keys, keysUnder: (key) => under.get(key) };
}

/** The keys of a map node whose data is a plain object with exactly those keys; else undefined. */
function plainMapKeys(node: unknown): Set<string> | undefined {
  if (!isMap(node) || node.tag !== undefined) return undefined;
  const keys = new Set<string>();
  for (const { key } of (node as YAMLMap).items) {
    if (!isScalar(key) || typeof key.value !== 'string' || key.value === '<<' || key.value === '__proto__')
      return undefined;
    keys.add(key.value);
  }
  return keys;
}
