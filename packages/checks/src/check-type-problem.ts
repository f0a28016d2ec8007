import { closest } from 'fastest-levenshtein';
import { CHECK_ALIASES } from './alias-checks.js';
import { CHECK_CATALOGUE } from './catalogue.js';
import { unsupportedReason } from './unsupported-check-types.js';

/** Every check type a suite may use, normalised: the catalogue's, and the promptfoo/AgentV names mapped onto them. */
export const KNOWN_CHECK_TYPES: readonly string[] = [
  ...new Set([...Object.keys(CHECK_CATALOGUE), ...Object.keys(CHECK_ALIASES)]),
].sort();

const known = new Set(KNOWN_CHECK_TYPES);

/** The form core `normalizeCheck` gives a type: lowercase, `_` as `-`, without a `not-` prefix. */
function normalType(type: string): string {
  const normal = type.trim().toLowerCase().replaceAll('_', '-');
  return normal.startsWith('not-') ? normal.slice(4) : normal;
}

/**
 * What is wrong with a check type, or undefined when skill-eval grades it: for a type it cannot grade, the
 * reason and what to use instead; for an unknown one, the closest known type by edit distance.
 */
export function checkTypeProblem(type: string): string | undefined {
  // Every check of every case asks: the same few types, answered once.
  if (!problems.has(type)) problems.set(type, typeProblemOf(type));
  return problems.get(type);
}

const problems = new Map<string, string | undefined>();

function typeProblemOf(type: string): string | undefined {
  const normal = normalType(type);
  if (known.has(normal)) return undefined;
  const reason = unsupportedReason(normal);
  if (reason) return `check type "${type}" is not supported: it ${reason}`;
  return unknownTypeMessage(type);
}

/**
 * What to say of a check type no reader knows, naming the closest of `names` (by default every type skill-eval
 * grades; a format passes its own vocabulary, as Skillet's seven types or skill-up's rule keys).
 */
export function unknownTypeMessage(type: string, names: readonly string[] = KNOWN_CHECK_TYPES): string {
  const normal = names === KNOWN_CHECK_TYPES ? normalType(type) : type.trim().toLowerCase();
  return `unknown check type "${type}"; did you mean "${closest(normal, names as string[])}"?`;
}

/** Whether {@link checkTypeProblem} found an unsupported type rather than an unknown one. */
export function isUnsupportedType(type: string): boolean {
  return unsupportedReason(normalType(type)) !== undefined && !known.has(normalType(type));
}
