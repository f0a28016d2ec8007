/**
 * `value` with `map` applied to every string in it — in arrays and plain objects, and to object keys unless
 * `keys: false` — as a copy of the parts that changed: what holds no changed string is returned as it is, so a walk
 * over a large result that finds nothing to change allocates nothing. The one walker of skill-eval's redaction and
 * terminal sanitising. `map` is also told where the string lies (`path`: keys and indexes from the top, ending at
 * the key itself for a key) and whether it is a key; `path` is reused as the walk goes on, so copy it to keep it.
 */
export function mapStrings<T>(
  value: T,
  map: (text: string, path: readonly (string | number)[], isKey: boolean) => string,
  { keys = true }: { keys?: boolean } = {},
): T {
  const path: (string | number)[] = [];
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return map(item, path, false);
    if (Array.isArray(item)) {
      let copy: unknown[] | undefined;
      item.forEach((element, i) => {
        path.push(i);
        const mapped = walk(element);
        path.pop();
        if (mapped === element) return;
        copy ??= [...item];
        copy[i] = mapped;
      });
      return copy ?? item;
    }
    if (!isPlainObject(item)) return item;
    let changed = false;
    const entries = Object.entries(item).map(([key, element]) => {
      path.push(key);
      const mappedKey = keys ? map(key, path, true) : key;
      const mapped = walk(element);
      path.pop();
      if (mappedKey !== key || mapped !== element) changed = true;
      return [mappedKey, mapped] as const;
    });
    return changed ? Object.fromEntries(entries) : item;
  };
  return walk(value) as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
