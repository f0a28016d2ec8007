import type * as z from 'zod';

/** What a zod schema node looks like from outside: its kind, and the parts a walk descends into. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: readonly z.ZodType[];
  valueType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
  catchall?: z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers whose inside is the same setting. */
const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
  'success',
]);

/**
 * Every setting a zod schema defines, as dotted paths: an object's keys, recursively; a record's or a loose object's
 * open keys as `*`; an array's items under the array's own path. The policy test checks each against the table, so a
 * key added to a schema is a key the table must classify.
 */
export function schemaPaths(schema: z.ZodType, prefix = ''): string[] {
  const found = new Set<string>();
  const seen = new Map<z.ZodType, Set<string>>();
  const pending: [z.ZodType, string][] = [[schema, prefix]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, path] = next;
    const at = seen.get(node) ?? new Set<string>();
    // A recursive schema (a check nesting checks) would go on for ever: each node is walked once per path, and a
    // path stops once it repeats a key it already went through.
    if (at.has(path) || repeatsKey(path)) continue;
    seen.set(node, at.add(path));
    for (const [child, key] of children(defOf(node))) {
      const childPath = key === undefined ? path : path ? `${path}.${key}` : key;
      if (key !== undefined) found.add(childPath);
      pending.push([child, childPath]);
    }
  }
  return [...found].sort();
}

const repeatsKey = (path: string) => {
  const keys = path.split('.');
  return keys.length > 2 && keys.slice(0, -1).includes(keys.at(-1)!) && keys.at(-1) !== '*';
};

/** The schemas inside one node, each with the key it adds to the path (none for the same setting). */
function children(def: Def): [z.ZodType, string | undefined][] {
  if (WRAPPERS.has(def.type) && def.innerType) return [[def.innerType, undefined]];
  if (def.type === 'pipe')
    return [
      [def.in!, undefined],
      [def.out!, undefined],
    ];
  if (def.type === 'lazy') return [[def.getter!(), undefined]];
  if (def.type === 'array') return [[def.element!, undefined]];
  if (def.type === 'union') return def.options!.map((option) => [option, undefined]);
  if (def.type === 'intersection')
    return [
      [def.left!, undefined],
      [def.right!, undefined],
    ];
  if (def.type === 'record') return [[def.valueType!, '*']];
  if (def.type !== 'object') return [];
  const keys: [z.ZodType, string][] = Object.entries(def.shape ?? {}).map(([key, value]) => [value, key]);
  if (def.catchall && defOf(def.catchall).type !== 'never') keys.push([def.catchall, '*']);
  return keys;
}
