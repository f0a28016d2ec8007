import { type Check, normalizeCheck } from '@skill-eval/core';
import { closest, distance } from 'fastest-levenshtein';
import { CHECK_ALIASES } from './alias-checks.js';
import { type Vocabulary, vocabularyType } from './canonical-check.js';
import { CHECK_CATALOGUE } from './catalogue.js';
import type { CheckSpec } from './check-spec.js';
import { checkTypeProblem, isUnsupportedType } from './check-type-problem.js';
import { COMMON_PARAMS, INTERNAL_PARAMS, UNSUPPORTED_PARAMS } from './common-params.js';
import { GROUP } from './judged-checks.js';
import { describeValue, isRecord } from './param-types.js';

/** One problem of a check as written, located by the keys that lead to it. */
export interface CheckProblem {
  severity: 'error' | 'warning';
  ruleId:
    | 'unknown-check-type'
    | 'unsupported-check-type'
    | 'invalid-check'
    | 'unsupported-parameter'
    | 'unknown-parameter'
    | 'deprecated-parameter';
  /** Keys from the check as written down to the faulty value; [] for the check as a whole. */
  path: (string | number)[];
  /** What is wrong and what to write instead. */
  message: string;
}

export interface CheckProblemOptions {
  /** The vocabulary the check is written in (default promptfoo, which skill-eval's own checks share). */
  vocabulary?: Vocabulary;
  /** Also look into a group's children (default true); a format that reads the children itself says false. */
  children?: boolean;
}

/** The keys under which a group (assert-set, AgentV composite) holds its children. */
const CHILD_KEYS = ['checks', 'assert', 'assertions', 'evaluators'] as const;

/**
 * Every problem of a check as it is written, before anything runs: a type skill-eval does not know or cannot grade,
 * a parameter of the wrong kind, a missing one, a rule across them (an invalid regex, min above max), a parameter
 * the peer honours and skill-eval cannot (errors); a parameter its type does not take (a warning, naming the
 * closest one it does). A bare string is an AgentV criterion.
 */
export function checkProblems(written: unknown, options: CheckProblemOptions = {}): CheckProblem[] {
  const out: CheckProblem[] = [];
  inspect(written, [], options, out);
  return out;
}

function inspect(written: unknown, at: (string | number)[], options: CheckProblemOptions, out: CheckProblem[]) {
  const error = (ruleId: CheckProblem['ruleId'], path: (string | number)[], message: string) =>
    out.push({ severity: 'error', ruleId, path: [...at, ...path], message });
  if (typeof written === 'string') {
    if (written.trim() === '')
      error('invalid-check', [], 'a blank criterion; write what the judge checks, or remove it');
    return;
  }
  if (!isRecord(written) || typeof written.type !== 'string' || written.type.trim() === '') {
    error('invalid-check', [], 'a check needs a "type" (e.g. type: contains)');
    return;
  }
  // normalizeCheck gives a new object: its type is set in place, where a copy would change nothing else.
  const check = normalizeCheck(written as Check);
  check.type = vocabularyType(check.type, options.vocabulary);
  const spec = specOf(check.type);
  if (!spec) {
    const problem = checkTypeProblem(written.type) ?? `unknown check type "${written.type}"`;
    error(isUnsupportedType(check.type) ? 'unsupported-check-type' : 'unknown-check-type', ['type'], problem);
    return;
  }
  const before = out.length;
  for (const key of Object.keys(written)) {
    const problem = keyProblem(check.type, spec, key, written[key], at);
    if (problem) out.push(problem);
  }
  for (const need of spec.needs ?? []) {
    const keys = typeof need === 'string' ? [need] : need;
    if (keys.some((key) => written[key] !== undefined)) continue;
    const described = spec.params[keys[0]!]?.description ?? '';
    const which = keys.length === 1 ? `"${keys[0]}"` : `one of ${keys.map((k) => `"${k}"`).join(', ')}`;
    error('invalid-check', [], `${check.type} needs ${which}: ${described}`);
  }
  if (!hasError(out, before) && spec.rules) {
    const agentv = options.vocabulary === 'agentv' || (check as Record<string, unknown>).agentv === true;
    for (const rule of spec.rules(check, agentv)) error('invalid-check', rule.path, rule.message);
  }
  if (options.vocabulary === 'agentv')
    for (const p of agentvNotes(written)) out.push({ ...p, path: [...at, ...p.path] });
  if (options.children === false || !isGroup(check.type)) return;
  for (const key of CHILD_KEYS) {
    const children = written[key];
    if (!Array.isArray(children)) continue;
    children.forEach((child, i) => {
      inspect(child, [...at, key, i], options, out);
    });
  }
}

/** Whether a problem from `from` on is an error. */
function hasError(out: readonly CheckProblem[], from: number): boolean {
  for (let i = from; i < out.length; i++) if (out[i]!.severity === 'error') return true;
  return false;
}

function specOf(type: string): CheckSpec | undefined {
  if (Object.hasOwn(CHECK_ALIASES, type)) return CHECK_ALIASES[type];
  return Object.hasOwn(CHECK_CATALOGUE, type) ? CHECK_CATALOGUE[type] : undefined;
}

const isGroup = (type: string) => type === GROUP || type === 'composite';

/** The problem of one key of a check, if it has one (its path below `at`). */
function keyProblem(
  type: string,
  spec: CheckSpec,
  key: string,
  value: unknown,
  at: (string | number)[],
): CheckProblem | undefined {
  const problem = (
    severity: CheckProblem['severity'],
    ruleId: CheckProblem['ruleId'],
    message: string,
  ): CheckProblem => ({ severity, ruleId, path: [...at, key], message });
  const schema = Object.hasOwn(spec.params, key)
    ? spec.params[key]
    : Object.hasOwn(COMMON_PARAMS, key)
      ? COMMON_PARAMS[key]
      : undefined;
  if (schema) {
    if (value === undefined || schema.safeParse(value).success) return;
    return problem(
      'error',
      'invalid-check',
      `"${key}" of ${type} is ${describeValue(value)}; write ${schema.description}`,
    );
  }
  if (INTERNAL_PARAMS.has(key)) return;
  const unsupported = spec.unsupported?.[key];
  if (unsupported)
    return problem('error', 'unsupported-parameter', `"${key}" of ${type} is not supported: ${unsupported}`);
  const ignored = spec.ignored?.[key];
  if (ignored) return problem('warning', 'unsupported-parameter', `"${key}" of ${type} ${ignored}`);
  if (Object.hasOwn(UNSUPPORTED_PARAMS, key)) {
    const { severity, why } = UNSUPPORTED_PARAMS[key]!;
    return problem(severity, 'unsupported-parameter', `"${key}" ${why}`);
  }
  if (spec.extraKeys === 'keep') return;
  const known = Object.keys(spec.params);
  const near = known.length > 0 ? closest(key, known) : undefined;
  const hint =
    near && distance(key, near) <= Math.max(2, Math.floor(key.length / 3))
      ? `did you mean "${near}"?`
      : known.length > 0
        ? `it takes ${known.map((k) => `"${k}"`).join(', ')}`
        : 'it takes no parameters of its own';
  return problem('warning', 'unknown-parameter', `${type} does not take "${key}", so it is ignored; ${hint}`);
}

/** AgentV's own notices on modifiers it reads otherwise than it used to. */
function agentvNotes(written: Record<string, unknown>): CheckProblem[] {
  const notes: CheckProblem[] = [];
  if (typeof written.required === 'number') {
    notes.push({
      severity: 'warning',
      ruleId: 'deprecated-parameter',
      path: ['required'],
      message: `a numeric "required" is deprecated in AgentV; read as required: true with min_score: ${written.required}`,
    });
  }
  if (written.min_score !== undefined && written.required === undefined) {
    notes.push({
      severity: 'warning',
      ruleId: 'unknown-parameter',
      path: ['min_score'],
      message:
        'AgentV reads "min_score" only with required: true (the score a required grader must reach), so it is ignored here; add required: true, or remove it',
    });
  }
  return notes;
}

/**
 * The checks a format made, each checked against the catalogue where the format wrote it: `report` hears every
 * problem, and a check with an error is left out (the error says what to write instead).
 */
export function validChecks(
  checks: readonly Check[],
  report: (problem: CheckProblem, check: Check) => void,
  options: CheckProblemOptions = {},
): Check[] {
  return checks.filter((check) => {
    const problems = checkProblems(check, options);
    for (const problem of problems) report(problem, check);
    return !problems.some((p) => p.severity === 'error');
  });
}

/** A problem's message as a sentence of a diagnostic: `prefix` (where it is) before it, a full stop after it. */
export function problemSentence(problem: CheckProblem, prefix = ''): string {
  const text = `${prefix}${problem.message}`;
  return /[.?!]$/.test(text) ? text : `${text}.`;
}
