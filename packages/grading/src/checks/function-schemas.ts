import { type Check, SkillEvalError } from '@skill-eval/core';
import { type SchemaTest, schemaTest } from './json-schema.js';
import type { PatternDeadline } from './pattern-worker.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The functions a call may name, with a test of their arguments, from the check's `functions`
 * (`[{ name, parameters }]`) or `tools` (OpenAI `[{ type: function, function }]` or Anthropic
 * `[{ name, input_schema }]`); undefined when the check declares none.
 */
export async function declaredFunctions(
  check: Check,
  deadline: PatternDeadline,
): Promise<Map<string, SchemaTest | undefined> | undefined> {
  const raw = check.functions ?? check.tools;
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) throw bad(check);
  const declared = new Map<string, SchemaTest | undefined>();
  for (const entry of raw) {
    const fn = isRecord(entry) && isRecord(entry.function) ? entry.function : entry;
    if (!isRecord(fn) || typeof fn.name !== 'string') throw bad(check);
    const schema = fn.parameters ?? fn.input_schema;
    declared.set(fn.name, schema === undefined ? undefined : await schemaTest({ type: check.type, schema }, deadline));
  }
  return declared;
}

const bad = (check: Check) =>
  new SkillEvalError('BAD_INPUT', `check "${check.type}": functions/tools must be a list of { name, parameters }`, {
    hint: 'copy the tool definitions given to the model, e.g. tools: [{ type: function, function: { name, parameters } }]',
  });
