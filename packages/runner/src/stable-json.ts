/** JSON text {@link stableJson} puts in its output as it is: a value serialised once and used in many keys. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An array index as a key: JavaScript orders such keys first, by number, in every object. */
const isIndexKey = (key: string): boolean => /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;
const startsWithDigit = (key: string): boolean => key.charCodeAt(0) >= 48 && key.charCodeAt(0) <= 57;

/** Object keys as JSON strings; the same few keys recur in every case of a run. */
const quotedKeys = new Map<string, string>();
function quote(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < 10_000) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/** An object's keys in the order the sorted object has: sorted, but index keys first, by number. */
function sortedKeys(value: object): string[] {
  // Keys are distinct strings, so the default sort (by UTF-16 code units) orders them as `a < b` does.
  const keys = Object.keys(value).sort();
  if (!keys.some(startsWithDigit)) return keys;
  return [...keys.filter(isIndexKey).sort((a, b) => Number(a) - Number(b)), ...keys.filter((k) => !isIndexKey(k))];
}

function serialise(value: unknown, inArray: boolean): string | undefined {
  if (value instanceof RawJson) return value.text;
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return serialise((value as { toJSON(): unknown }).toJSON(), inArray);
  }
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) return `[${value.map((item) => serialise(item, true) ?? 'null').join(',')}]`;
      const members: string[] = [];
      for (const key of sortedKeys(value)) {
        const text = serialise((value as Record<string, unknown>)[key], false);
        if (text !== undefined) members.push(`${quote(key)}:${text}`);
      }
      return `{${members.join(',')}}`;
    }
    default:
      // undefined, functions and symbols: left out of objects, null in arrays (as JSON.stringify does).
      return inArray ? 'null' : undefined;
  }
}

/**
 * JSON with object keys sorted, so the same value always hashes the same. The text equals
 * `JSON.stringify` of the value with every object rebuilt from its sorted entries, written directly (rebuilding
 * each object cost a cached run more than anything else in its key).
 */
export function stableJson(value: unknown): string {
  // As JSON.stringify, a bare undefined has no text.
  return serialise(value, false) as string;
}
