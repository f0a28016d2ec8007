import { closest, distance } from 'fastest-levenshtein';

/**
 * ` Did you mean 'claude-code'?` when one of the `known` ids is near enough to `given` to be a typo of it (at most a
 * third of its letters edited, and at least one or two allowed), else ''. For the end of an "unknown id" message.
 */
export function didYouMean(given: string, known: readonly string[]): string {
  const wanted = given.trim().toLowerCase();
  const candidates = [...new Set(known)].filter((id) => id.toLowerCase() !== wanted);
  if (wanted === '' || candidates.length === 0) return '';
  const byLower = new Map(candidates.map((id) => [id.toLowerCase(), id]));
  const nearest = closest(wanted, [...byLower.keys()]);
  const allowed = Math.max(wanted.length <= 4 ? 1 : 2, Math.floor(wanted.length / 3));
  return distance(wanted, nearest) <= allowed ? ` Did you mean '${byLower.get(nearest)}'?` : '';
}
