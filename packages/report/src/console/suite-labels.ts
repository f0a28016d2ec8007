/**
 * Short labels that still tell suites apart: each suite id without the leading and trailing path segments every
 * id shares, marked `…` (`examples/csv-summary/evals/evals.json` and `examples/pirate-greeting/evals/evals.json`
 * become `…/csv-summary/…` and `…/pirate-greeting/…`). Ids that share nothing keep their own text.
 */
export function distinctSuiteLabels(ids: readonly string[]): Map<string, string> {
  const split = ids.map((id) => id.split('/'));
  const shortest = Math.min(...split.map((parts) => parts.length));
  const shared = (at: (parts: string[], i: number) => string | undefined) => {
    let n = 0;
    // Leave every id at least one segment of its own.
    while (n < shortest - 1 && split.every((parts) => at(parts, n) === at(split[0]!, n))) n += 1;
    return n;
  };
  const lead = shared((parts, i) => parts[i]);
  const tail = Math.min(
    shared((parts, i) => parts[parts.length - 1 - i]),
    shortest - 1 - lead,
  );
  return new Map(
    ids.map((id, k) => {
      const parts = split[k]!;
      const middle = parts.slice(lead, parts.length - tail).join('/');
      return [id, `${lead ? '…/' : ''}${middle}${tail ? '/…' : ''}`];
    }),
  );
}
