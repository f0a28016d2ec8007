import { type Check, normalizeCheck } from '@skill-eval/core';
import { MODEL_GRADED } from './model-graded-criteria.js';

type Mapping = (check: Check) => Check;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Drops keys that only the source vocabulary uses. */
function without(check: Check, ...keys: string[]): Check {
  const copy: Check = { ...check };
  for (const key of keys) delete copy[key];
  return copy;
}

/** A group of children that must all hold, carrying the check's own modifiers (weight, negate, name…). */
function group(check: Check, children: Check[]): Check {
  return { ...without(check, 'value'), type: 'assert-set', checks: children };
}

/** AgentV `llm-grader`/`rubrics`, promptfoo `g-eval`/`agent-rubric`: one criterion, or a group of criteria. */
const rubric: Mapping = (check) => {
  const raw = check.value ?? check.criteria ?? check.rubrics ?? check.prompt;
  const base = { ...without(check, 'criteria', 'rubrics', 'prompt'), compatType: check.type };
  if (!Array.isArray(raw)) return { ...base, type: 'llm-rubric', ...(raw === undefined ? {} : { value: raw }) };
  return group(
    base,
    raw.map((item): Check => {
      if (!isRecord(item)) return { type: 'llm-rubric', value: item };
      const { outcome, text, criterion, value, id, min_score, ...more } = item;
      return {
        ...more,
        type: 'llm-rubric',
        value: outcome ?? text ?? criterion ?? value,
        ...(typeof id === 'string' ? { name: id } : {}),
        ...(typeof min_score === 'number' ? { threshold: min_score } : {}),
      };
    }),
  );
};

const modelGraded =
  (type: string): Mapping =>
  (check) => ({
    ...without(check, 'value', 'context'),
    type: 'llm-rubric',
    value: MODEL_GRADED[type]!.criterion(check),
    compatType: check.type,
  });

/** AgentV 4 `skill-trigger` (`skill`, `should_trigger: false` inverts) → `skill-used`. */
const skillTrigger: Mapping = (check) => {
  const negate = (check.should_trigger === false) !== (check.negate === true);
  const { should_trigger: _s, skill, negate: _n, ...rest } = check;
  return { ...rest, type: 'skill-used', value: skill ?? check.value, ...(negate ? { negate: true } : {}) };
};

/** AgentV `code-grader`/`code-judge` → `script`: the command as a shell line, an argv list kept as such. */
const codeGrader: Mapping = (check) => {
  const raw = check.command ?? check.script ?? check.value;
  const argv = Array.isArray(raw) && raw.every((a) => typeof a === 'string') ? raw : undefined;
  return {
    ...without(check, 'command', 'script'),
    type: 'script',
    value: argv ? shellJoin(argv) : raw,
    ...(argv ? { argv } : {}),
  };
};

/** AgentV `composite` → `assert-set`; its children may sit under assert, assertions or evaluators. */
const composite: Mapping = (check) => {
  const children = check.checks ?? check.assert ?? check.assertions ?? check.evaluators;
  const aggregator = check.aggregator;
  const threshold =
    check.threshold ??
    (isRecord(aggregator) && typeof aggregator.threshold === 'number' ? aggregator.threshold : undefined);
  return {
    ...without(check, 'assert', 'assertions', 'evaluators'),
    type: 'assert-set',
    checks: Array.isArray(children) ? children : [],
    ...(threshold === undefined ? {} : { threshold }),
  };
};

/** One promptfoo `trajectory:tool-used` entry: a name, or `{ name, min }` (a least count). */
function toolUse(check: Check, entry: unknown): Check {
  const spec = isRecord(entry) ? entry : { name: entry };
  const { name, min, ...more } = spec;
  const least = typeof min === 'number' ? min : 1;
  if (least > 1) return { ...more, ...check, type: 'tool-trajectory', minimums: { [String(name)]: least } };
  return { ...more, ...check, type: 'tool-called', value: name };
}

const toolUsed: Mapping = (check) => {
  const { value, ...rest } = check;
  if (!Array.isArray(value)) return toolUse(rest, value);
  return group(
    check,
    value.map((entry) => toolUse({ type: 'tool-called' }, entry)),
  );
};

/** promptfoo `trajectory:tool-args-match` `{ name, args, mode: partial|exact }` → `tool-called` with args. */
const toolArgsMatch: Mapping = (check) => {
  const spec = isRecord(check.value) ? check.value : {};
  const { name, args, mode, ...more } = spec;
  if (mode === 'exact') {
    return {
      ...more,
      ...without(check, 'value'),
      type: 'tool-trajectory',
      mode: 'any-order',
      expected: [{ tool: name, args, args_match: 'exact' }],
    };
  }
  return { ...more, ...without(check, 'value'), type: 'tool-called', value: name, args };
};

/** promptfoo `trajectory:tool-sequence` (`{ steps, mode }` or a list) → `tool-trajectory`, in order by default. */
const toolSequence: Mapping = (check) => {
  const spec = isRecord(check.value) ? check.value : { steps: check.value };
  const { steps, mode, ...more } = spec;
  return {
    ...more,
    ...without(check, 'value'),
    type: 'tool-trajectory',
    tools: steps,
    mode: typeof mode === 'string' ? mode.replaceAll('_', '-') : 'in-order',
  };
};

/** promptfoo and AgentV put the limit of latency and cost in `threshold` (AgentV: `budget`); skill-eval in `max`. */
const limit =
  (...keys: string[]): Mapping =>
  (check) => {
    if (check.max !== undefined) return check;
    const key = keys.find((k) => typeof check[k] === 'number');
    return key ? { ...without(check, key), max: check[key] } : check;
  };

/**
 * Check types of promptfoo and AgentV that skill-eval grades under another name, by normalised type.
 * Each maps a normalised check onto skill-eval's own; mapping an already mapped check changes nothing.
 */
export const CHECK_ALIASES: Readonly<Record<string, Mapping>> = {
  'skill-trigger': skillTrigger,
  'llm-grader': rubric,
  'llm-judge': rubric,
  rubrics: rubric,
  'g-eval': rubric,
  'agent-rubric': rubric,
  ...Object.fromEntries(Object.keys(MODEL_GRADED).map((type) => [type, modelGraded(type)])),
  'code-grader': codeGrader,
  'code-judge': codeGrader,
  composite,
  'trajectory:tool-used': toolUsed,
  'trajectory:tool-args-match': toolArgsMatch,
  'trajectory:tool-sequence': toolSequence,
};

/** Parameter remaps of types skill-eval shares with promptfoo and AgentV but spells differently. */
export const PARAMETER_ALIASES: Readonly<Record<string, Mapping>> = {
  // promptfoo writes a group's children under `assert`; skill-eval under `checks`.
  'assert-set': (check) =>
    check.checks === undefined && check.assert !== undefined
      ? { ...without(check, 'assert'), checks: check.assert }
      : check,
  // The AgentV reader turns `trajectory:tool-used { name, min }` into tool-called with `min`.
  'tool-called': (check) =>
    typeof check.min === 'number' && check.min > 1 && check.args === undefined
      ? toolUse(without(check, 'value', 'min'), { name: check.value, min: check.min })
      : check,
  latency: limit('threshold'),
  cost: limit('budget', 'threshold'),
  'token-usage': limit('max_total'),
};

/**
 * Why a check of an alias type cannot be mapped faithfully, or undefined. promptfoo's per-tool upper bound
 * (`trajectory:tool-used` `max`) and name globs (`pattern`) have no skill-eval equivalent.
 */
export function aliasProblem(check: Check): string | undefined {
  const toolUse = check.type === 'trajectory:tool-used' || check.type === 'tool-called';
  if (!toolUse) return undefined;
  const entries = Array.isArray(check.value) ? check.value : [check.value];
  const specs = [check, ...entries].filter(isRecord);
  if (specs.some((spec) => spec.pattern !== undefined)) {
    return `${check.type} with a name pattern is not supported; name the tool, or use tool-trajectory`;
  }
  if (specs.some((spec) => spec.max !== undefined)) {
    return `${check.type} with a per-tool max is not supported; use execution-metrics max_tool_calls, or not-tool-called for none`;
  }
  return undefined;
}

/** For a model-graded type that grades against its value (factuality's reference…), what is missing, or undefined. */
export function missingValue(check: Check): string | undefined {
  const graded = Object.hasOwn(MODEL_GRADED, check.type) ? MODEL_GRADED[check.type] : undefined;
  const empty = check.value === undefined || (typeof check.value === 'string' && check.value.trim() === '');
  return graded?.needsValue && empty ? `${check.type} needs ${graded.needsValue} as value` : undefined;
}

/** Joins an argv list into one POSIX shell command line, quoting where needed. */
function shellJoin(argv: readonly string[]): string {
  return argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", `'\\''`)}'`)).join(' ');
}

/** A child as written, normalised the way its parent was; a bare string is a criterion, as AgentV reads it. */
export function normalizeChild(child: unknown): Check {
  if (typeof child === 'string') return { type: 'llm-rubric', value: child };
  return isRecord(child) && typeof child.type === 'string' ? normalizeCheck(child as Check) : (child as Check);
}
