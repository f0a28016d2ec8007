import { type Check, SkillEvalError } from '@skill-eval/core';
import type { Ajv, ValidateFunction } from 'ajv';
import { linearTwin } from './bounded-regex.js';
import { type PatternDeadline, type PatternSearch, searchOffThread } from './pattern-worker.js';

/** Tests a parsed value against the check's JSON Schema. */
export type SchemaTest = (value: unknown) => Promise<{ ok: true } | { ok: false; problem: string }>;

/** While one validation runs (it is synchronous): the searches it asked for, and the answers known so far. */
let validation: { answers: Map<string, boolean>; asked: Map<string, PatternSearch> } | undefined;

/**
 * A schema `pattern` (or `patternProperties` key) with JavaScript's RegExp semantics, as Ajv's own, but never a
 * search on this thread that could backtrack without end: a pattern V8's linear engine runs is searched here; any
 * other is answered from what the worker found (see {@link validateBounded}), and asks it when not yet known.
 */
function boundedPattern(source: string, flags: string) {
  const re = new RegExp(source, flags); // A bad pattern fails the schema, as with Ajv's own engine.
  const linear = linearTwin(re);
  return {
    test(text: string): boolean {
      if (linear) return linear.test(text);
      const key = `${re}\u0000${text}`;
      const known = validation?.answers.get(key);
      if (known !== undefined) return known;
      validation?.asked.set(key, { source, flags, text });
      return false;
    },
    // Ajv names a compiled pattern by it.
    toString: () => String(re),
  };
}
boundedPattern.code = 'boundedPattern';

let shared: Promise<Ajv> | undefined;

/**
 * promptfoo's validator: Ajv (draft-07) in strict-schema mode with ajv-formats (its `getAjv`). Ajv is imported when a
 * check first has a schema: every command that reads eval files loads grading, and most files have no JSON Schema.
 */
function validator(): Promise<Ajv> {
  // Both are CommonJS. Imported on demand, each one's `module.exports` is its default export, in Node and in the CLI's
  // bundle alike (the bundle knows no named export of such a module): Ajv's carries the class as `Ajv`.
  shared ??= Promise.all([import('ajv'), import('ajv-formats')]).then(([ajvModule, formats]) => {
    const { Ajv } = ajvModule.default as unknown as { Ajv: new (options: object) => Ajv };
    const ajv = new Ajv({ strictSchema: true, code: { regExp: boundedPattern } });
    (formats.default as unknown as (ajv: Ajv) => void)(ajv);
    return ajv;
  });
  return shared;
}

/**
 * The check's JSON Schema as a test, or undefined without one. skill-eval's own `schema:` and promptfoo's `value`
 * (an object, or YAML/JSON text, as promptfoo reads it) are the same thing; the schema is checked the way promptfoo
 * checks it, by Ajv, its patterns searched within `deadline`.
 */
export async function schemaTest(check: Check, deadline: PatternDeadline): Promise<SchemaTest | undefined> {
  const written = check.schema ?? (check.value === '' ? undefined : check.value);
  if (written === undefined || written === null) return undefined;
  const schema = typeof written === 'string' ? await parseSchemaText(check, written) : written;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new SkillEvalError('BAD_INPUT', `${check.type} schema must be a JSON Schema object`, {
      hint: `write it as { type: ${check.type}, value: { type: object, required: [...] } }`,
    });
  }
  const ajv = await validator();
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(schema);
  } catch (error) {
    throw new SkillEvalError('BAD_INPUT', `${check.type} schema is not usable: ${(error as Error).message}`, {
      hint: 'use JSON Schema draft-07 keywords',
    });
  }
  return (value) => validateBounded(ajv, validate, value, deadline);
}

/**
 * Validates `value`, sending the pattern searches the linear engine cannot run to the worker: a pass answers the
 * searches it can from what is known and lists the others (taking them as no match); once the worker has answered
 * them, the next pass goes further. The last pass, asking nothing new, is the verdict Ajv itself would give.
 */
async function validateBounded(
  ajv: Ajv,
  validate: ValidateFunction,
  value: unknown,
  deadline: PatternDeadline,
): Promise<{ ok: true } | { ok: false; problem: string }> {
  const answers = new Map<string, boolean>();
  for (;;) {
    const asked = new Map<string, PatternSearch>();
    validation = { answers, asked };
    let ok: boolean;
    try {
      ok = validate(value) as boolean;
    } finally {
      validation = undefined;
    }
    if (asked.size === 0)
      return ok ? { ok: true } : { ok: false, problem: ajv.errorsText(validate.errors, { dataVar: 'value' }) };
    const matches = await searchOffThread([...asked.values()], deadline);
    [...asked.keys()].forEach((key, i) => {
      answers.set(key, matches[i] !== null);
    });
  }
}

/** A schema written as text, read as promptfoo reads it (js-yaml, loaded with the first such schema). */
async function parseSchemaText(check: Check, text: string): Promise<unknown> {
  const { load } = await import('js-yaml');
  try {
    return load(text);
  } catch (error) {
    throw new SkillEvalError('BAD_INPUT', `${check.type} schema is not YAML or JSON: ${(error as Error).message}`);
  }
}
