import { isRecord } from './context.js';

/**
 * What AgentV 4.42.4's loader keeps of one assertion whose parameters have the wrong type or are out of range
 * (`parseGraders`, @agentv/core 4.42.4 `dist/chunk-FRDEARJA.js:18160-19078`): it skips the whole assertion with a
 * warning ("Skipping contains evaluator …: missing value") and grades the test's others, or keeps the assertion and
 * leaves a parameter out (a regex's `flags` that are not text, a token-usage limit, a field-accuracy field). A
 * wrong-typed `weight` is not here: AgentV refuses the file for it (`validateWeight`, :19452), and so does skill-eval.
 */
export type Kept =
  | { dropped: { message: string; key?: string } }
  | { item: Record<string, unknown>; removed: { key: (string | number)[]; message: string }[] };

/** The types whose `value` AgentV reads with `asString` and skips unless it is non-empty text (:18877-19078). */
const TEXT_VALUE = new Set(['contains', 'icontains', 'starts-with', 'ends-with', 'equals', 'regex']);
/** The types whose `value` AgentV reads with `asStringArrayStrict` (:18901, :18951; the function at :19373). */
const LIST_VALUE = new Set(['contains-any', 'contains-all', 'icontains-any', 'icontains-all']);
/** `GRADER_KIND_VALUES` (`dist/chunk-Z5WVZ5VI.js:72-96`): the raw types a composite member may have. */
const GRADER_KINDS = new Set([
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

/**
 * `item` (its type normalised, `not-` and `negate` already read) as AgentV 4.42.4 keeps it, or why it drops it.
 * The messages say what AgentV does and what to write instead.
 */
export function agentv4Kept(type: string, item: Record<string, unknown>): Kept {
  const removed: { key: (string | number)[]; message: string }[] = [];
  let out = { ...item };
  const remove = (key: string, message: string) => {
    const { [key]: _gone, ...rest } = out;
    out = rest;
    removed.push({ key: [key], message });
  };
  if (TEXT_VALUE.has(type) && (typeof item.value !== 'string' || item.value === '')) {
    return dropped(
      `its "value" is ${show(item.value)}, not text (AgentV reads it as missing); write the text`,
      'value',
    );
  }
  if (type === 'regex' && item.flags !== undefined && typeof item.flags !== 'string') {
    // `asString(rawEvaluator.flags)` (:19007): flags that are not text are no flags.
    remove('flags', `AgentV ignores "flags" ${show(item.flags)}, which is not text; write flags as text ("i")`);
  }
  if (LIST_VALUE.has(type) && Array.isArray(item.value)) {
    const texts = item.value.filter((v) => typeof v === 'string');
    if (texts.length === 0) return dropped('its "value" holds no text; write a list of texts', 'value');
    if (texts.length < item.value.length) {
      out.value = texts;
      removed.push({ key: ['value'], message: 'AgentV leaves out the items of "value" that are not text' });
    }
  } else if (LIST_VALUE.has(type) && typeof item.value !== 'string') {
    // A string is read apart (split on commas: a difference docs/grading.md lists).
    return dropped(`its "value" is ${show(item.value)}; write a list of texts`, 'value');
  }
  if (type === 'latency' && !limitOk(item.threshold))
    return dropped(`its "threshold" is ${show(item.threshold)}; write a number ≥ 0 (milliseconds)`, 'threshold');
  if (type === 'cost' && !limitOk(item.budget))
    return dropped(`its "budget" is ${show(item.budget)}; write a number ≥ 0 (US dollars)`, 'budget');
  if (type === 'token-usage') {
    // AgentV reads each limit as `max_total ?? maxTotal` (null is none); one that is not a number ≥ 0 is left out
    // (:18749-18767), and with none left the assertion is skipped (:18769).
    let limits = 0;
    for (const [snake, camel] of TOKEN_LIMITS) {
      const value = out[snake] ?? out[camel];
      for (const key of [snake, camel]) if (out[key] === null) remove(key, `AgentV reads "${key}: null" as no limit`);
      if (value === undefined || value === null) continue;
      if (limitOk(value)) limits++;
      else
        for (const key of [snake, camel])
          if (out[key] !== undefined) remove(key, `AgentV leaves out "${key}" ${show(out[key])}, not a number ≥ 0`);
    }
    if (limits === 0) return dropped('it sets no limit that is a number ≥ 0; write max_total, max_input or max_output');
  }
  if (type === 'execution-metrics') {
    // Each bound is `max_tokens ?? maxTokens` (null is none); any that is not a number ≥ 0 skips the whole assertion
    // (:18793-18822), as does none but exploration_tolerance (:18826).
    let bounds = 0;
    for (const [snake, camel] of EXECUTION_BOUNDS) {
      const value = item[snake] ?? item[camel];
      if (value === undefined || value === null) continue;
      if (!limitOk(value)) return dropped(`its "${snake}" is ${show(value)}; write a number ≥ 0`, snake);
      if (snake !== 'exploration_tolerance') bounds++;
    }
    for (const pair of EXECUTION_BOUNDS)
      for (const key of pair) if (out[key] === null) remove(key, `AgentV reads "${key}: null" as no bound`);
    if (bounds === 0) return dropped('it sets no bound; write max_tokens, max_cost_usd, max_duration_ms, …');
  }
  if (type === 'field-accuracy') {
    const fields = keptFields(item.fields);
    if (typeof fields === 'string') return dropped(fields, 'fields');
    if (fields.length !== (item.fields as unknown[]).length)
      removed.push({ key: ['fields'], message: 'AgentV leaves out the fields without a path or a valid match' });
    out.fields = fields;
    if (
      item.aggregation !== undefined &&
      item.aggregation !== 'weighted_average' &&
      item.aggregation !== 'all_or_nothing'
    )
      remove('aggregation', `AgentV ignores "aggregation" ${show(item.aggregation)} and averages by weight`);
  }
  if (type === 'composite') {
    const problem = compositeProblem(item);
    if (problem) return dropped(problem, 'aggregator');
  }
  // `parseRequiredAndMinScore` (:19434-19450): min_score outside (0, 1] is no min_score.
  if (out.min_score !== undefined && !(typeof out.min_score === 'number' && out.min_score > 0 && out.min_score <= 1))
    remove('min_score', `AgentV ignores "min_score" ${show(out.min_score)}, which is not a number in (0, 1]`);
  if (out.required !== undefined && out.required !== true && out.required !== false) {
    if (!(typeof out.required === 'number' && out.required > 0 && out.required <= 1))
      remove('required', `AgentV ignores "required" ${show(out.required)}; write required: true`);
  }
  return { item: out, removed };
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
  if (normal === 'threshold' && !(typeof threshold === 'number' && threshold >= 0 && threshold <= 1))
    return `its threshold aggregator's "threshold" is ${show(threshold)}; write a number from 0 to 1`;
  return undefined;
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
