/**
 * A YAML value with its merge keys merged (`<<: *base`, `<<: [*a, *b]`), as the tools' YAML readers merge them —
 * js-yaml (promptfoo), the `yaml` library with `merge: true` (AgentV), PyYAML: the named maps' keys join the map, its
 * own keys winning, then the first named map's. skill-eval reads YAML 1.2, which has no merge keys and keeps `<<` as a
 * key. `problems` are the paths of `<<` values that are not maps, which those readers refuse.
 */
export function withMergeKeys(value: unknown, path: (string | number)[] = [], problems: (string | number)[][] = []) {
  return { value: merged(value, path, problems), problems };
}

function merged(value: unknown, path: (string | number)[], problems: (string | number)[][]): unknown {
  if (Array.isArray(value)) return value.map((item, i) => merged(item, [...path, i], problems));
  if (typeof value !== 'object' || value === null) return value;
  const own = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(own)) if (key !== '<<') out[key] = merged(inner, [...path, key], problems);
  if (!('<<' in own)) return out;
  const sources = Array.isArray(own['<<']) ? own['<<'] : [own['<<']];
  sources.forEach((source, i) => {
    if (typeof source !== 'object' || source === null || Array.isArray(source)) {
      problems.push(Array.isArray(own['<<']) ? [...path, '<<', i] : [...path, '<<']);
      return;
    }
    const mergedSource = merged(source, [...path, '<<'], problems) as Record<string, unknown>;
    for (const [key, inner] of Object.entries(mergedSource)) if (!(key in out)) out[key] = inner;
  });
  return out;
}
