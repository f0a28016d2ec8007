import * as z from 'zod';
import { lazySchema } from './lazy-schema.js';

/**
 * One assertion about an execution. Every format maps its own assertion vocabulary onto these
 * types (`contains`, `regex`, `llm-rubric`, `skill-used`, …); type-specific parameters sit beside
 * the common fields (`value`, `flags`, `threshold`, …).
 */
export const CheckSchema = lazySchema(() =>
  z
    .object({
      /** Check type, kebab-case (`llm-rubric`, `contains`, `skill-used`). A `not-` prefix is normalised into `negate`. */
      type: z.string().min(1),
      /** Display name; defaults to the type and value. */
      name: z.string().optional(),
      /** Relative weight in the case score (default 1). */
      weight: z.number().nonnegative().optional(),
      /** A failed required check fails the case whatever the score. */
      required: z.boolean().optional(),
      /** Inverts the verdict. */
      negate: z.boolean().optional(),
      /** The main parameter: a criterion for `llm-rubric`, a string for `contains`, a skill name for `skill-used`. */
      value: z.unknown().optional(),
    })
    .catchall(z.unknown()),
);
export type Check = z.infer<typeof CheckSchema>;

/** Splits a `not-` prefix into `negate`, and `_` into `-`, the way promptfoo and AgentV spell types. */
export function normalizeCheck(check: Check): Check {
  let type = check.type.trim().toLowerCase().replaceAll('_', '-');
  let negate = check.negate ?? false;
  if (type.startsWith('not-')) {
    type = type.slice(4);
    negate = !negate;
  }
  // Most checks have no `negate` key: a plain copy keeps their keys as the rest would, without its slower copy.
  if (!Object.hasOwn(check, 'negate')) return negate ? { ...check, type, negate } : { ...check, type };
  const { negate: _written, ...rest } = check;
  return negate ? { ...rest, type, negate } : { ...rest, type };
}
