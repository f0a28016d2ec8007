/**
 * Merge keys as js-yaml reads them — promptfoo's YAML reader (`loadYaml`, js-yaml 4, whose default schema has them):
 * `<<: *base` or `<<: [*a, *b]` puts the named maps' keys into the map, its own keys winning, then the first named
 * map's (js-yaml's `mergeMappings` keeps a key already there). The `yaml` library, reading YAML 1.2, keeps `<<` as a
 * key, so a config that shares vars or tests through anchors lost them here. `problems` are the paths of `<<` values
 * that are not maps, which js-yaml refuses ("cannot merge mappings").
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
