/**
 * A YAML value with its merge keys merged (`<<: *base`, `<<: [*a, *b]`), as the tools' YAML readers merge them —
 * js-yaml (promptfoo), the `yaml` library with `merge: true` (AgentV), PyYAML, Bun's (Claude Code): the named maps'
 * keys join the map, its own keys winning, then the first named map's. skill-eval reads YAML 1.2, which has no merge
 * keys and keeps `<<` as a key. `problems` are the paths of `<<` values that are not maps, which those readers refuse
 * — but Bun's, which passes over what is no map in a list, and keeps `<<` a key of any other value that is no map
 * (`scalarStays`).
 */
export function withMergeKeys(value: unknown, { scalarStays = false }: { scalarStays?: boolean } = {}) {
  const problems: (string | number)[][] = [];
  return { value: merged(value, [], problems, scalarStays), problems };
}

const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function merged(value: unknown, path: (string | number)[], problems: (string | number)[][], scalarStays: boolean) {
  if (Array.isArray(value)) return value.map((item, i): unknown => merged(item, [...path, i], problems, scalarStays));
  if (!isMap(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value))
    if (key !== '<<') out[key] = merged(inner, [...path, key], problems, scalarStays);
  const merge = value['<<'];
  if (!('<<' in value)) return out;
  if (scalarStays && !isMap(merge) && !Array.isArray(merge)) return { ...out, '<<': merge };
  const sources = Array.isArray(merge) ? merge : [merge];
  sources.forEach((source, i) => {
    if (!isMap(source)) {
      problems.push(Array.isArray(merge) ? [...path, '<<', i] : [...path, '<<']);
      return;
    }
    const mergedSource = merged(source, [...path, '<<'], problems, scalarStays) as Record<string, unknown>;
    for (const [key, inner] of Object.entries(mergedSource)) if (!(key in out)) out[key] = inner;
  });
  return out;
}
