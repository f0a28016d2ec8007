import { ExpectSchema, RuleSchema } from './rule-schema.js';

const RULE_KEYS = Object.keys(RuleSchema.shape);
const EXPECT_KEYS = Object.keys(ExpectSchema.shape);

/**
 * The check names a map at `path` takes when its keys are checks — a rule of a judge's `success` / `failure` list,
 * or an `expect` gate — else undefined. A key such a map does not know is a check that would never run.
 */
export function checkKeysAt(path: readonly PropertyKey[]): readonly string[] | undefined {
  const last = path.at(-1);
  if (last === 'expect') return EXPECT_KEYS;
  const list = path.at(-2);
  if (typeof last === 'number' && (list === 'success' || list === 'failure')) return RULE_KEYS;
  return undefined;
}
