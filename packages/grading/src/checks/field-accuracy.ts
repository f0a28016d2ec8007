import { type Check, SkillEvalError } from '@skill-eval/core';
import { agentvFieldAccuracy } from './agentv-field-accuracy.js';
import { calendarDate } from './calendar-date.js';
import type { CheckEvaluator } from './check-evaluator.js';
import { optionalNumber } from './check-limits.js';
import { embeddedJson } from './contains-json.js';
import { sameJson, valueAt } from './json-path.js';
import { quote } from './quote.js';

type Match = 'exact' | 'numeric-tolerance' | 'date';

interface Field {
  path: string;
  match: Match;
  /** The field's own expected value; without one it comes from the case's reference answer. */
  expected?: { value: unknown };
  tolerance: number;
  relative: boolean;
  required: boolean;
  weight: number;
  formats: string[];
}

/**
 * AgentV `field-accuracy`: fields of the JSON final answer compared with expected values — each field's own
 * `expected`, else the same path in the case's reference answer (AgentV's expected_output) — by `match`
 * (exact, numeric_tolerance with `tolerance`/`relative`, date). The score is the weighted share of matching
 * fields (`aggregation: all_or_nothing` makes it 0 or 1); it passes at `threshold` (default 0.8, AgentV's).
 */
export const fieldAccuracy: CheckEvaluator = (check, { session, testCase }) => {
  const fields = readFields(check);
  const aggregation = check.aggregation ?? 'weighted_average';
  if (aggregation !== 'weighted_average' && aggregation !== 'all_or_nothing') {
    throw bad(check, `aggregation must be weighted_average or all_or_nothing, got ${JSON.stringify(aggregation)}`);
  }
  const threshold = optionalNumber(check, 'threshold', 0.8);
  if (check.agentv === true) {
    // An AgentV file's field-accuracy reads JSON and compares fields as AgentV's grader does.
    // A field without formats reads AgentV's default ones (`fieldConfig.formats ?? DEFAULT_DATE_FORMATS`).
    const written = check.fields as Record<string, unknown>[];
    const agentvFields = fields.map((f, i) => ({
      ...f,
      formats: Array.isArray(written[i]?.formats) ? f.formats : undefined,
    }));
    const { score, evidence } = agentvFieldAccuracy(
      agentvFields,
      aggregation,
      session.finalMessage,
      testCase.reference,
    );
    return {
      passed: score >= threshold,
      score,
      evidence: `score ${round(score)}, threshold ${threshold}: ${evidence}`,
    };
  }
  const answer = jsonObject(session.finalMessage);
  if (answer === undefined) {
    return {
      passed: false,
      score: 0,
      evidence: `the final answer is not a JSON object: ${quote(session.finalMessage)}`,
    };
  }
  const reference = testCase.reference === undefined ? undefined : jsonObject(testCase.reference);
  if (reference === undefined && fields.some((f) => !f.expected)) {
    return {
      passed: false,
      score: 0,
      evidence: 'no expected values: the fields give none and the case has no JSON reference answer',
    };
  }
  const results = fields.map((field) => compare(field, answer, reference));
  const weight = results.reduce((sum, r) => sum + r.weight, 0);
  const score =
    aggregation === 'all_or_nothing'
      ? Number(results.every((r) => r.hit))
      : weight > 0
        ? results.reduce((sum, r) => sum + r.weight * Number(r.hit), 0) / weight
        : Number(results.length === 0);
  const held = results.filter((r) => r.hit).length;
  return {
    passed: score >= threshold,
    score,
    evidence: `${held} of ${results.length} fields match (score ${round(score)}, threshold ${threshold}): ${results
      .map((r) => r.message)
      .join('; ')}`,
  };
};

function compare(field: Field, answer: unknown, reference: unknown) {
  const { path, weight } = field;
  const expected = field.expected ? field.expected.value : valueAt(reference, path);
  const actual = valueAt(answer, path);
  const result = (hit: boolean, message: string, w = weight) => ({ hit, weight: w, message });
  if (expected === undefined) return result(true, `${path}: no expected value`);
  if (actual === undefined) {
    return field.required ? result(false, `${path}: missing`) : result(true, `${path}: optional, missing`, 0);
  }
  if (field.match === 'exact') {
    return sameJson(actual, expected)
      ? result(true, `${path} = ${JSON.stringify(actual)}`)
      : result(false, `${path} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  }
  if (field.match === 'numeric-tolerance') {
    const [a, e] = [toNumber(actual), toNumber(expected)];
    if (a === undefined || e === undefined) return result(false, `${path}: not numeric (${JSON.stringify(actual)})`);
    const diff = Math.abs(a - e);
    const off = field.relative && e !== 0 ? diff / Math.abs(e) : diff;
    const limit = `${field.tolerance}${field.relative ? ' relative' : ''}`;
    return off <= field.tolerance
      ? result(true, `${path} = ${a}, within ${limit} of ${e}`)
      : result(false, `${path} = ${a}, off ${e} by ${round(off)} (tolerance ${limit})`);
  }
  const [a, e] = [calendarDate(String(actual), field.formats), calendarDate(String(expected), field.formats)];
  if (a === undefined) return result(false, `${path}: ${JSON.stringify(actual)} is not a date`);
  if (e === undefined) return result(false, `${path}: the expected ${JSON.stringify(expected)} is not a date`);
  return a === e ? result(true, `${path} = ${a}`) : result(false, `${path} is ${a}, expected ${e}`);
}

function readFields(check: Check): Field[] {
  const { fields } = check;
  if (!Array.isArray(fields) || fields.length === 0) throw bad(check, 'it needs fields: a list of { path, match }');
  return fields.map((raw, i) => {
    if (typeof raw !== 'object' || raw === null || typeof (raw as Field).path !== 'string') {
      throw bad(check, `field ${i + 1} needs a path`);
    }
    const spec = raw as Record<string, unknown>;
    const match = String(spec.match ?? 'exact').replaceAll('_', '-');
    if (match !== 'exact' && match !== 'numeric-tolerance' && match !== 'date') {
      throw bad(
        check,
        `field ${spec.path} has match ${JSON.stringify(spec.match)}; use exact, numeric_tolerance or date`,
      );
    }
    const num = (key: string, fallback: number) => optionalNumber({ ...spec, type: check.type }, key, fallback);
    return {
      path: spec.path as string,
      match,
      ...('expected' in spec ? { expected: { value: spec.expected } } : {}),
      tolerance: num('tolerance', 0),
      relative: spec.relative === true,
      required: spec.required !== false,
      weight: num('weight', 1),
      formats: Array.isArray(spec.formats) ? spec.formats.map(String) : [],
    };
  });
}

/** A JSON object from text: the whole of it (code fences allowed), else the first object embedded in it. */
function jsonObject(text: string): Record<string, unknown> | undefined {
  const body = text.replace(/```(?:json)?\s*/g, '').trim();
  try {
    const whole: unknown = JSON.parse(body);
    if (typeof whole === 'object' && whole !== null) return whole as Record<string, unknown>;
  } catch {
    // Prose around the JSON: look inside.
  }
  for (const { value } of embeddedJson(body)) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  }
  return undefined;
}

function toNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number.parseFloat(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

const bad = (check: Check, problem: string) =>
  new SkillEvalError('BAD_INPUT', `check "${check.type}": ${problem}`, {
    hint: 'write fields: [{ path: invoice.total, match: numeric_tolerance, tolerance: 0.01, expected: 12.5 }]',
  });
