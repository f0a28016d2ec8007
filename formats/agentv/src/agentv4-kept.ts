import { isRecord } from './context.js';

/**
 * What AgentV 4.42.4's loader keeps of one assertion whose parameters have the wrong type or are out of range
 * (`parseGraders`, @agentv/core 4.42.4 `dist/chunk-FRDEARJA.js:18160-19078`): it skips the whole assertion with a
 * warning ("Skipping contains evaluator …: missing value") and grades the test's others, or keeps the assertion and
 * leaves a parameter out (a regex's `flags` that are not text, a token-usage limit, a field-accuracy field). A
 * wrong-typed `weight` is not here: AgentV skips the whole test for it (`validateWeight`, :19452, throws; the loader
 * logs "Skipping test"), and skill-eval refuses it when the file loads.
 */
export type Kept =
  | { dropped: { message: string; key?: string } }
  | { item: Record<string, unknown>; removed: { key: (string | number)[]; message: string }[] };

/** The types whose `value` AgentV reads with `asString` and skips unless it is non-empty text (:18877-19078). */
const TEXT_VALUE = new Set(['contains', 'icontains', 'starts-with', 'ends-with', 'equals', 'regex']);
/** The types whose `value` AgentV reads with `asStringArrayStrict` (:18901, :18951; the function at :19373). */
const LIST_VALUE = new Set(['contains-any', 'contains-all', 'icontains-any', 'icontains-all']);
/** `GRADER_KIND_VALUES` (`dist/chunk-Z5WVZ5VI.js:72-96`): the raw types a composite member may have. */
export const GRADER_KINDS = new Set([
  'code-grader',
  'llm-grader',
  'rubric',
  'composite',
  'tool-trajectory',
  'field-accuracy',
  'latency',
  'cost',
  'token-usage',
  'execution-metrics',
  'skill-trigger',
  'contains',
  'contains-any',
  'contains-all',
  'icontains',
  'icontains-any',
  'icontains-all',
  'starts-with',
  'ends-with',
  'regex',
  'is-json',
  'equals',
  'rubrics',
  'inline-assert',
]);
const FIELD_MATCHES = new Set(['exact', 'numeric_tolerance', 'date']);

const show = (value: unknown) => (value === undefined ? 'missing' : JSON.stringify(value));
const limitOk = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const dropped = (message: string, key?: string): Kept => ({ dropped: { message, ...(key ? { key } : {}) } });

/** An assertion being kept: as written, as kept so far, and what has been left out of it. */
class Keeping {
  out: Record<string, unknown>;
  readonly removed: { key: (string | number)[]; message: string }[] = [];
  constructor(readonly item: Record<string, unknown>) {
    this.out = { ...item };
  }
  remove(key: string, message: string): void {
    const { [key]: _gone, ...rest } = this.out;
    this.out = rest;
    this.removed.push({ key: [key], message });
  }
}

/** What AgentV does with one type's parameters: a reason to skip it, or nothing (having left out what it ignores). */
type Rule = (k: Keeping) => Kept | undefined;

const textValue: Rule = ({ item }) =>
  typeof item.value !== 'string' || item.value === ''
    ? dropped(`its "value" is ${show(item.value)}, not text (AgentV reads it as missing); write the text`, 'value')
    : undefined;

const listValue: Rule = (k) => {
  const { value } = k.item;
  // A string is read apart (split on commas: a difference docs/grading.md lists).
  if (typeof value === 'string') return undefined;
  if (!Array.isArray(value)) return dropped(`its "value" is ${show(value)}; write a list of texts`, 'value');
  const texts = value.filter((v) => typeof v === 'string');
  if (texts.length === 0) return dropped('its "value" holds no text; write a list of texts', 'value');
  if (texts.length < value.length) {
    k.out.value = texts;
    k.removed.push({ key: ['value'], message: 'AgentV leaves out the items of "value" that are not text' });
  }
  return undefined;
};

const RULES: Record<string, Rule> = {
  ...Object.fromEntries([...TEXT_VALUE].map((type) => [type, textValue])),
  ...Object.fromEntries([...LIST_VALUE].map((type) => [type, listValue])),
  regex: (k) => {
    // `asString(rawEvaluator.flags)` (:19007): flags that are not text are no flags.
    if (k.item.flags !== undefined && typeof k.item.flags !== 'string')
      k.remove('flags', `AgentV ignores "flags" ${show(k.item.flags)}, which is not text; write flags as text ("i")`);
    return textValue(k);
  },
  latency: ({ item }) =>
    limitOk(item.threshold)
      ? undefined
      : dropped(`its "threshold" is ${show(item.threshold)}; write a number ≥ 0 (milliseconds)`, 'threshold'),
  cost: ({ item }) =>
    limitOk(item.budget)
      ? undefined
      : dropped(`its "budget" is ${show(item.budget)}; write a number ≥ 0 (US dollars)`, 'budget'),
  'token-usage': (k) => {
    // AgentV reads each limit as `max_total ?? maxTotal` (null is none); one that is not a number ≥ 0 is left out
    // (:18749-18767), and with none left the assertion is skipped (:18769).
    let limits = 0;
    for (const [snake, camel] of TOKEN_LIMITS) {
      const value = k.out[snake] ?? k.out[camel];
      for (const key of [snake, camel])
        if (k.out[key] === null) k.remove(key, `AgentV reads "${key}: null" as no limit`);
      if (value === undefined || value === null) continue;
      if (limitOk(value)) limits++;
      else
        for (const key of [snake, camel])
          if (k.out[key] !== undefined)
            k.remove(key, `AgentV leaves out "${key}" ${show(k.out[key])}, not a number ≥ 0`);
    }
    return limits === 0
      ? dropped('it sets no limit that is a number ≥ 0; write max_total, max_input or max_output')
      : undefined;
  },
  'execution-metrics': (k) => {
    // Each bound is `max_tokens ?? maxTokens` (null is none); any that is not a number ≥ 0 skips the whole assertion
    // (:18793-18822), as does none but exploration_tolerance (:18826).
    let bounds = 0;
    for (const [snake, camel] of EXECUTION_BOUNDS) {
      const value = k.item[snake] ?? k.item[camel];
      if (value === undefined || value === null) continue;
      if (!limitOk(value)) return dropped(`its "${snake}" is ${show(value)}; write a number ≥ 0`, snake);
      if (snake !== 'exploration_tolerance') bounds++;
    }
    for (const pair of EXECUTION_BOUNDS)
      for (const key of pair) if (k.out[key] === null) k.remove(key, `AgentV reads "${key}: null" as no bound`);
    return bounds === 0 ? dropped('it sets no bound; write max_tokens, max_cost_usd, max_duration_ms, …') : undefined;
  },
  'field-accuracy': (k) => {
    const fields = keptFields(k.item.fields);
    if (typeof fields === 'string') return dropped(fields, 'fields');
    if (fields.length !== (k.item.fields as unknown[]).length)
      k.removed.push({ key: ['fields'], message: 'AgentV leaves out the fields without a path or a valid match' });
    k.out.fields = fields;
    const { aggregation } = k.item;
    if (aggregation !== undefined && aggregation !== 'weighted_average' && aggregation !== 'all_or_nothing')
      k.remove('aggregation', `AgentV ignores "aggregation" ${show(aggregation)} and averages by weight`);
    return undefined;
  },
  'tool-trajectory': (k) => {
    const kept = keptTrajectory(k.item);
    if (typeof kept === 'string') return dropped(kept);
    for (const key of kept.removed)
      k.remove(
        key,
        `AgentV ignores "${key}" here (its ${String(k.item.mode)} mode reads ${key === 'minimums' ? '"expected"' : key === 'expected' ? '"minimums"' : 'no such value'})`,
      );
    Object.assign(k.out, kept.set);
    return undefined;
  },
  'skill-trigger': (k) => {
    // :18850-18876: no skill name skips it; a should_trigger that is not a boolean is none (the default, true).
    const { skill, should_trigger: should } = k.item;
    if (typeof skill !== 'string' || skill === '')
      return dropped(`its "skill" is ${show(skill)}; write the skill's name`, 'skill');
    if (should !== undefined && typeof should !== 'boolean')
      k.remove(
        'should_trigger',
        `AgentV ignores "should_trigger" ${show(should)} (it reads true or false) and checks that the skill fired`,
      );
    return undefined;
  },
  composite: ({ item }) => {
    const problem = compositeProblem(item);
    return problem ? dropped(problem, 'aggregator') : undefined;
  },
};

/**
 * `item` (its type normalised, `not-` and `negate` already read) as AgentV 4.42.4 keeps it, or why it drops it.
 * The messages say what AgentV does and what to write instead.
 */
export function agentv4Kept(type: string, item: Record<string, unknown>): Kept {
  const k = new Keeping(item);
  const skipped = Object.hasOwn(RULES, type) ? RULES[type]!(k) : undefined;
  if (skipped) return skipped;
  const { out } = k;
  // `parseRequiredAndMinScore` (:19434-19450): min_score outside (0, 1] is no min_score.
  if (out.min_score !== undefined && !(typeof out.min_score === 'number' && out.min_score > 0 && out.min_score <= 1))
    k.remove('min_score', `AgentV ignores "min_score" ${show(out.min_score)}, which is not a number in (0, 1]`);
  const { required } = k.out;
  if (
    required !== undefined &&
    typeof required !== 'boolean' &&
    !(typeof required === 'number' && required > 0 && required <= 1)
  )
    k.remove('required', `AgentV ignores "required" ${show(required)}; write required: true`);
  return { item: k.out, removed: k.removed };
}

const TOKEN_LIMITS = [
  ['max_total', 'maxTotal'],
  ['max_input', 'maxInput'],
  ['max_output', 'maxOutput'],
] as const;
const EXECUTION_BOUNDS = [
  ['max_tool_calls', 'maxToolCalls'],
  ['max_llm_calls', 'maxLlmCalls'],
  ['max_tokens', 'maxTokens'],
  ['max_cost_usd', 'maxCostUsd'],
  ['max_duration_ms', 'maxDurationMs'],
  ['target_exploration_ratio', 'targetExplorationRatio'],
  ['exploration_tolerance', 'explorationTolerance'],
] as const;

/** field-accuracy's fields as AgentV keeps them (:18622-18669), or why it skips the assertion. */
function keptFields(raw: unknown): Record<string, unknown>[] | string {
  if (!Array.isArray(raw)) return `its "fields" is ${show(raw)}; write a list of { path, match }`;
  if (raw.length === 0) return 'its "fields" is empty; write a list of { path, match }';
  const fields: Record<string, unknown>[] = [];
  for (const field of raw) {
    if (!isRecord(field) || typeof field.path !== 'string' || field.path === '') continue;
    if (typeof field.match !== 'string' || !FIELD_MATCHES.has(field.match)) continue;
    fields.push({
      path: field.path,
      match: field.match,
      ...(typeof field.required === 'boolean' ? { required: field.required } : {}),
      ...(typeof field.weight === 'number' ? { weight: field.weight } : {}),
      ...(typeof field.tolerance === 'number' ? { tolerance: field.tolerance } : {}),
      ...(typeof field.relative === 'boolean' ? { relative: field.relative } : {}),
      ...(Array.isArray(field.formats) ? { formats: field.formats.filter((f) => typeof f === 'string') } : {}),
      ...('expected' in field ? { expected: field.expected } : {}),
    });
  }
  return fields.length > 0
    ? fields
    : 'none of its fields has a path and a match of exact, numeric_tolerance or date; write { path, match }';
}

const TRAJECTORY_MODES = new Set(['any_order', 'in_order', 'exact', 'subset', 'superset']);
const ARGS_MATCH = new Set(['exact', 'superset', 'subset', 'ignore']);

/**
 * tool-trajectory as AgentV keeps it (:18495-18620), or why it skips it: a mode it knows, `minimums` a map (its
 * counts that are numbers ≥ 0 kept), `expected` a list (its items with a text `tool` kept), the one the mode needs
 * present; an `args_match` it does not read is ignored.
 */
function keptTrajectory(item: Record<string, unknown>): string | { set: Record<string, unknown>; removed: string[] } {
  const set: Record<string, unknown> = {};
  const removed: string[] = [];
  const mode = item.mode;
  if (typeof mode !== 'string' || !TRAJECTORY_MODES.has(mode))
    return `its "mode" is ${show(mode)}; write any_order, in_order, exact, subset or superset`;
  if (item.minimums !== undefined) {
    if (!isRecord(item.minimums)) return `its "minimums" is ${show(item.minimums)}; write a map of tool to count`;
    set.minimums = Object.fromEntries(Object.entries(item.minimums).filter(([, n]) => typeof n === 'number' && n >= 0));
  }
  if (item.expected !== undefined) {
    if (!Array.isArray(item.expected)) return `its "expected" is ${show(item.expected)}; write a list of { tool }`;
    set.expected = item.expected.filter((e) => isRecord(e) && typeof e.tool === 'string');
  }
  if (mode === 'any_order' && set.minimums === undefined) return 'any_order needs "minimums"';
  if (mode !== 'any_order' && set.expected === undefined) return `${mode} needs "expected"`;
  // Its grader reads the list its mode names and no other (`ToolTrajectoryGrader.evaluate`, :4647-4688).
  const unread = mode === 'any_order' ? 'expected' : 'minimums';
  if (item[unread] !== undefined) {
    removed.push(unread);
    delete set[unread];
  }
  const argsMatch = item.args_match ?? item.argsMatch;
  if (argsMatch !== undefined) {
    const list = Array.isArray(argsMatch) ? argsMatch.filter((f) => typeof f === 'string' && f !== '') : [];
    const ok = (typeof argsMatch === 'string' && ARGS_MATCH.has(argsMatch)) || list.length > 0;
    if (!ok)
      for (const key of ['args_match', 'argsMatch'])
        if (item[key] !== undefined) removed.push(key);
        else if (Array.isArray(argsMatch)) set[item.args_match !== undefined ? 'args_match' : 'argsMatch'] = list;
  }
  return { set, removed };
}

/** Why AgentV skips a composite for its aggregator or its members (:18347-18409), if it does. */
function compositeProblem(item: Record<string, unknown>): string | undefined {
  const members = item.assertions ?? item.assert ?? item.evaluators;
  if (!Array.isArray(members)) return 'it has no list of assertions';
  const aggregator = item.aggregator;
  if (!isRecord(aggregator)) return 'it has no aggregator; write aggregator: { type: weighted_average }';
  const kind = typeof aggregator.type === 'string' ? aggregator.type : undefined;
  const normal = kind === 'weighted_average' || kind === 'threshold' ? kind : kind?.replace(/_/g, '-');
  if (normal !== 'weighted_average' && normal !== 'threshold' && normal !== 'code-grader' && normal !== 'llm-grader')
    return `its aggregator type ${show(kind)} is none of weighted_average, threshold, code-grader, llm-grader`;
  const threshold = aggregator.threshold;
  // The threshold is checked after the members are read (:18437): a member's bad weight refuses the test first.
  if (normal === 'threshold' && !(typeof threshold === 'number' && threshold >= 0 && threshold <= 1))
    return refusedWeight(members)
      ? undefined
      : `its threshold aggregator's "threshold" is ${show(threshold)}; write a number from 0 to 1`;
  return undefined;
}

/** Whether a member (or a member's member) has a weight AgentV refuses (`validateWeight`, :19452). */
function refusedWeight(members: unknown[]): boolean {
  return members.some(
    (m) =>
      isRecord(m) &&
      ((m.weight !== undefined && !limitOk(m.weight)) ||
        refusedWeight(
          Array.isArray(m.assertions ?? m.assert ?? m.evaluators)
            ? ((m.assertions ?? m.assert ?? m.evaluators) as unknown[])
            : [],
        )),
  );
}

/**
 * Whether AgentV skips a composite member skill-eval would read (:18386-18392): one of a type it knows but without a
 * `name`, or spelled with `_` (AgentV compares the member's type as written). A type it does not know at all (a typo,
 * a `not-` prefix) is left to the reader, which reports it.
 */
export function agentv4SkipsMember(member: unknown): boolean {
  if (!isRecord(member) || typeof member.type !== 'string') return false;
  if (!GRADER_KINDS.has(member.type.replace(/_/g, '-'))) return false;
  return !GRADER_KINDS.has(member.type) || typeof member.name !== 'string' || member.name === '';
}
