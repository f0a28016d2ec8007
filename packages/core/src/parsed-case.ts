import { type Case, type CaseInput, CaseSchema } from './case.js';
import { conformCase } from './conform-case.js';

/** Cases this copy of core parsed: a suite's check need not parse them again (private, held weakly). */
const parsed = new WeakSet<object>();

/** `CaseSchema.parse(input)`, remembering the case as parsed. Throws as CaseSchema.parse does. */
export function parseCase(input: CaseInput): Case {
  const result = conformCase(input) ?? CaseSchema.parse(input);
  parsed.add(result);
  return result;
}

/** `CaseSchema.safeParse(input)`, remembering a valid case as parsed. */
export function safeParseCase(input: unknown): ReturnType<typeof CaseSchema.safeParse> {
  const fast = conformCase(input);
  const result: ReturnType<typeof CaseSchema.safeParse> = fast
    ? { success: true, data: fast }
    : CaseSchema.safeParse(input);
  if (result.success) parsed.add(result.data);
  return result;
}

/**
 * Whether `value` is a case that `parseCase` or `safeParseCase` returned, unchanged in identity: the runner skips
 * checking such cases again when it checks a loaded suite (for 10,000 cases that took as long as building them).
 * A case from another copy of core (a plugin's own) is not one, and is checked in full.
 */
export function isParsedCase(value: unknown): value is Case {
  return typeof value === 'object' && value !== null && parsed.has(value);
}
