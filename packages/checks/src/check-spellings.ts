import type { Check } from '@skill-eval/core';
import { METRIC_SPELLINGS } from './action-checks.js';
import { without } from './alias-checks.js';
import { isRecord } from './param-types.js';

type Spelling = (check: Check) => Check;

/** The first of `keys` the check sets, moved to `to`; nothing when it sets `to` already or none of them. */
const rename =
  (to: string, ...keys: string[]): Spelling =>
  (check) => {
    if (check[to] !== undefined) return check;
    const key = keys.find((k) => check[k] !== undefined);
    return key ? { ...without(check, key), [to]: check[key] } : check;
  };

const all =
  (...spellings: Spelling[]): Spelling =>
  (check) =>
    spellings.reduce((out, spelling) => spelling(out), check);

/**
 * Parameters that promptfoo and AgentV spell otherwise than skill-eval, for the types all three share: each maps
 * the peer's spelling onto skill-eval's, leaving a check already in skill-eval's spelling as it is.
 */
export const PARAMETER_SPELLINGS: Readonly<Record<string, Spelling>> = {
  // promptfoo writes a group's children under `assert`.
  'assert-set': rename('checks', 'assert'),
  // promptfoo and AgentV put the limit of latency in `threshold`, of cost in `threshold` / `budget`.
  latency: rename('max', 'threshold'),
  cost: rename('max', 'budget', 'threshold'),
  'token-usage': all(
    rename('max', 'max_total', 'maxTotal'),
    rename('maxInput', 'max_input'),
    rename('maxOutput', 'max_output'),
  ),
  'execution-metrics': all(...Object.entries(METRIC_SPELLINGS).map(([camel, snake]) => rename(snake, camel))),
  // AgentV's deprecated spelling of the command.
  'code-grader': rename('command', 'script'),
  'skill-used': skillCount,
  // AgentV writes trajectory modes with underscores (in_order).
  'tool-trajectory': (check) =>
    typeof check.mode === 'string' && check.mode.includes('_')
      ? { ...check, mode: check.mode.replaceAll('_', '-') }
      : check,
};

/**
 * AgentV's `{ name, min, max }` count as skill-eval grades it: whether the skill fired (min 1, the default) or never
 * did (max 0); the catalogue refuses the counts it cannot grade.
 */
function skillCount(check: Check): Check {
  if (!isRecord(check.value)) return check;
  const { name, min: _min, max, ...more } = check.value;
  const negate = check.negate === true || max === 0;
  return { ...without(check, 'negate'), ...more, value: name, ...(negate ? { negate: true } : {}) };
}
