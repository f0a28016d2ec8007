import { type CaseResult, CaseResultSchema } from '@skill-eval/core';

let fieldOrder: (keyof CaseResult)[] | undefined;
/** The result's fields in the schema's order: the order results.jsonl is written in (read when first needed). */
const resultFields = () => {
  fieldOrder ??= Object.keys(CaseResultSchema.shape) as (keyof CaseResult)[];
  return fieldOrder;
};

/**
 * What `CaseResultSchema.parse` makes of a result the runner has just put together, without zod's walk of it (about
 * a tenth of the harness's CPU per execution): the fields in the schema's order, those left undefined dropped, the
 * session without its event list, `cached` false unless set. Every part of it was built by the runner from parsed
 * parts (the session by completeSession, the verdicts by the grader), so there is nothing else to check or strip.
 * With SKILL_EVAL_CHECK_FAST_PATHS set (every test process) it is held to the parse, and a difference throws.
 */
export function conformResult(fields: Record<string, unknown>): CaseResult {
  const result: Record<string, unknown> = {};
  for (const field of resultFields()) {
    let value = fields[field];
    if (field === 'session' && value !== undefined) {
      const { events: _events, ...summary } = value as Record<string, unknown>;
      value = summary;
    } else if (field === 'cached' && value === undefined) value = false;
    if (value !== undefined) result[field] = value;
  }
  if (process.env.SKILL_EVAL_CHECK_FAST_PATHS) checkAgainstSchema(fields, result);
  return result as CaseResult;
}

/** Throws unless the parse gives the same fields, in the same order, with the same values (nested keys in any order). */
function checkAgainstSchema(fields: Record<string, unknown>, fast: Record<string, unknown>): void {
  const slow = CaseResultSchema.parse(fields) as Record<string, unknown>;
  const written = (result: Record<string, unknown>) =>
    Object.keys(result).filter((field) => result[field] !== undefined);
  const same =
    written(fast).join() === written(slow).join() &&
    Object.keys(slow).every((field) => canonical(fast[field]) === canonical(slow[field]));
  if (!same)
    throw new Error(
      `conformResult differs from CaseResultSchema.parse:\n  fast ${canonical(fast)}\n  slow ${canonical(slow)}`,
    );
}

/** JSON with every object's keys sorted. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
