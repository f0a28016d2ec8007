import { type Check, SkillEvalError } from '@skill-eval/core';
import { z } from 'zod';

/** Tests a parsed value against the check's JSON Schema. */
export type SchemaTest = (value: unknown) => { ok: true } | { ok: false; problem: string };

/** The check's optional `schema` (a JSON Schema object) as a test, via zod (already a dependency). */
export function schemaTest(check: Check): SchemaTest | undefined {
  const { schema } = check;
  if (schema === undefined) return undefined;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new SkillEvalError('BAD_INPUT', `${check.type} schema must be a JSON Schema object`, {
      hint: 'write it as { type: is-json, schema: { type: object, … } }',
    });
  }
  let zodSchema: z.ZodType;
  try {
    zodSchema = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (error) {
    throw new SkillEvalError('BAD_INPUT', `${check.type} schema is not usable: ${(error as Error).message}`, {
      hint: 'use a plain JSON Schema (draft 2020-12 / 7 keywords)',
    });
  }
  return (value) => {
    const result = zodSchema.safeParse(value);
    if (result.success) return { ok: true };
    const issue = result.error.issues[0];
    const at = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    return { ok: false, problem: `${issue?.message ?? 'does not match'}${at}` };
  };
}
