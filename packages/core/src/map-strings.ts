/**
 * `value` with `map` applied to every string in it — in arrays and plain objects, and to object keys unless
 * `keys: false` — as a copy of the parts that changed: what holds no changed string is returned as it is, so a walk
 * over a large result that finds nothing to change allocates nothing. The one walker of skill-eval's redaction and
 * terminal sanitising.
 */
export function mapStrings<T>(value: T, map: (text: string) => string, { keys = true }: { keys?: boolean } = {}): T {
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return map(item);
    if (Array.isArray(item)) {
      let copy: unknown[] | undefined;
      item.forEach((element, i) => {
        const mapped = walk(element);
        if (mapped === element) return;
        copy ??= [...item];
        copy[i] = mapped;
      });
      return copy ?? item;
    }
    if (!isPlainObject(item)) return item;
    let changed = false;
    const entries = Object.entries(item).map(([key, element]) => {
      const mappedKey = keys ? map(key) : key;
      const mapped = walk(element);
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
