import { type Check, SkillEvalError } from '@skill-eval/core';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { load } from 'js-yaml';

/** Tests a parsed value against the check's JSON Schema. */
export type SchemaTest = (value: unknown) => { ok: true } | { ok: false; problem: string };

// promptfoo's validator: Ajv (draft-07) in strict-schema mode with ajv-formats (its `getAjv`).
const ajv = new Ajv({ strictSchema: true });
(addFormatsPlugin as unknown as (ajv: Ajv) => void)(ajv);

/**
 * The check's JSON Schema as a test, or undefined without one. skill-eval's own `schema:` and promptfoo's `value`
 * (an object, or YAML/JSON text, as promptfoo reads it) are the same thing; the schema is checked the way promptfoo
 * checks it, by Ajv.
 */
export function schemaTest(check: Check): SchemaTest | undefined {
  const written = check.schema ?? (check.value === '' ? undefined : check.value);
  if (written === undefined || written === null) return undefined;
  const schema = typeof written === 'string' ? parseSchemaText(check, written) : written;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new SkillEvalError('BAD_INPUT', `${check.type} schema must be a JSON Schema object`, {
      hint: `write it as { type: ${check.type}, value: { type: object, required: [...] } }`,
    });
  }
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(schema);
  } catch (error) {
    throw new SkillEvalError('BAD_INPUT', `${check.type} schema is not usable: ${(error as Error).message}`, {
      hint: 'use JSON Schema draft-07 keywords',
    });
  }
  return (value) =>
    validate(value) ? { ok: true } : { ok: false, problem: ajv.errorsText(validate.errors, { dataVar: 'value' }) };
}

function parseSchemaText(check: Check, text: string): unknown {
  try {
    return load(text);
  } catch (error) {
    throw new SkillEvalError('BAD_INPUT', `${check.type} schema is not YAML or JSON: ${(error as Error).message}`);
  }
}
