import { type Check, normalizeCheck } from '@skill-eval/core';
import { CHECK_ALIASES, normalizeChild, without } from './alias-checks.js';
import { PARAMETER_SPELLINGS } from './check-spellings.js';
import { GROUP } from './judged-checks.js';
import { isRecord } from './param-types.js';

/** Whose vocabulary a check is written in: it decides what some of its parameters mean. */
export type Vocabulary = 'promptfoo' | 'agentv';

export interface CanonicalOptions {
  /** `promptfoo` (the default; skill-eval's own checks read alike) or `agentv`. */
  vocabulary?: Vocabulary;
}

/** Types a vocabulary names otherwise: AgentV 5's `script` is its code grader (4.x `code-grader`). */
const VOCABULARY_TYPES: Readonly<Record<Vocabulary, Readonly<Record<string, string>>>> = {
  promptfoo: {},
  agentv: { script: 'code-grader' },
};

/** The type a normalised type names in the vocabulary. */
export function vocabularyType(type: string, vocabulary: Vocabulary = 'promptfoo'): string {
  const types = VOCABULARY_TYPES[vocabulary];
  return Object.hasOwn(types, type) ? types[type]! : type;
}

/** AgentV compares these with the output and the value both trimmed (`runEqualsAssertion`, `runStartsWithAssertion`). */
export const AGENTV_TRIMMED: ReadonlySet<string> = new Set(['equals', 'starts-with', 'ends-with']);

/**
 * A check in skill-eval's vocabulary: promptfoo's and AgentV's names mapped onto its own (`skill-trigger` →
 * `skill-used`, `factuality` → an `llm-rubric` criterion, `composite` → `assert-set` …), their parameter spellings
 * onto its own (cost `budget` → `max` …), recursively for a group's children. With the AgentV vocabulary, what its
 * parameters mean there too: `equals`/`starts-with`/`ends-with` trimmed, `min_score` the score a required check must
 * reach, composite members weighed by `aggregator.weights`. Unknown types come back as they are; mapping twice
 * changes nothing.
 */
export function canonicalCheck(check: Check, options: CanonicalOptions = {}): Check {
  // A malformed check stays as it is: the catalogue reports it when the file loads.
  if (!isRecord(check) || typeof check.type !== 'string') return check;
  const normal = normalizeCheck(check);
  // promptfoo's and AgentV's `metric` names the score: it is the check's name unless it has one.
  const { metric, ...unnamed } = normal;
  const named = typeof metric === 'string' && typeof unnamed.name !== 'string' ? { ...unnamed, name: metric } : unnamed;
  const written = noneOfListFired(options.vocabulary === 'agentv' ? agentvMeaning(named) : named);
  const alias = Object.hasOwn(CHECK_ALIASES, written.type) ? CHECK_ALIASES[written.type] : undefined;
  const mapped = alias ? alias.map(written) : written;
  if (mapped.type !== written.type && mapped.type !== GROUP) return canonicalCheck(mapped, options);
  const spelling = Object.hasOwn(PARAMETER_SPELLINGS, mapped.type) ? PARAMETER_SPELLINGS[mapped.type] : undefined;
  const spelled = spelling ? spelling(mapped) : mapped;
  const children = spelled.type === GROUP && Array.isArray(spelled.checks) ? spelled.checks : undefined;
  return children
    ? { ...spelled, checks: children.map((child) => canonicalCheck(normalizeChild(child), options)) }
    : spelled;
}

/** What AgentV's loader and orchestrator make of a check's modifiers (`loaders/grader-parser.ts`, `orchestrator.ts`). */
function agentvMeaning(check: Check): Check {
  let out: Check = { ...check, type: vocabularyType(check.type, 'agentv') };
  if (AGENTV_TRIMMED.has(out.type) && out.trim === undefined) out = { ...out, trim: true };
  // Its cost grader fails a run without cost data rather than erroring (agentv 4.42.4 dist/chunk-ZPFM52HV.js:21386).
  if (out.type === 'cost' && out.failUnreported === undefined) out = { ...out, failUnreported: true };
  // Its field-accuracy reads the answer's JSON and compares fields its own way (`FieldAccuracyGrader`,
  // @agentv/core 4.42.4 dist/chunk-FRDEARJA.js:3758): grading/checks/agentv-field-accuracy.ts.
  if (out.type === 'field-accuracy' && out.agentv === undefined) out = { ...out, agentv: true };
  // `parseRequiredAndMinScore`: a number in (0, 1] as `required` is the old spelling of `required: true` + min_score.
  if (typeof out.required === 'number') {
    out = { ...out, required: true, ...(out.min_score === undefined ? { min_score: out.required } : {}) };
  }
  // `runEvaluatorsForCase` reads min_score only for a required grader: the score it must reach (else the test's).
  if (out.min_score !== undefined) {
    out = { ...without(out, 'min_score'), ...(out.required === true ? { minScore: out.min_score } : {}) };
  }
  if (out.type === 'composite') out = weighMembers(out);
  return out;
}

/**
 * `not-skill-used: [a, b]` passes when none of the skills fired, as one assertion — in promptfoo 0.123.1
 * (`handleListSkillAssertion`, dist/src/evaluator-DlYW7Rgb.js:3894, `params.inverse ? matched.length === 0`) and in
 * AgentV 5 (graders/skill-used.ts:167) alike; never "not all of them fired". A group of negated checks that carry no
 * weight of their own scores 1 or 0 as both tools do, never a share.
 */
function noneOfListFired(check: Check): Check {
  if (check.type !== 'skill-used' || check.negate !== true || !Array.isArray(check.value)) return check;
  const { negate: _negate, value, ...rest } = check;
  const none = (value as unknown[]).map(
    (name): Check => ({ type: 'skill-used', value: name, negate: true, weight: 0, required: true }),
  );
  return { ...rest, type: GROUP, checks: none };
}

/**
 * A composite's members as `CompositeGrader.runWeightedAverage` weighs them: `aggregator.weights` by member name, 1
 * for a name it leaves out, the members' own `weight` ignored; a `threshold` aggregator counts each member once.
 */
function weighMembers(check: Check): Check {
  const key = ['assertions', 'assert', 'evaluators', 'checks'].find((k) => Array.isArray(check[k]));
  return key ? { ...check, [key]: compositeWeights(check[key] as unknown[], check.aggregator) } : check;
}

/** Composite members (as written, or read) weighed as `CompositeGrader.runWeightedAverage` weighs them. */
export function compositeWeights<T>(members: readonly T[], aggregator: unknown): T[] {
  const weights = isRecord(aggregator) && isRecord(aggregator.weights) ? aggregator.weights : {};
  return members.map((member) => {
    if (!isRecord(member)) return member;
    const name = member.name ?? member.metric;
    const weight = typeof name === 'string' ? weights[name] : undefined;
    return { ...member, weight: typeof weight === 'number' ? weight : 1 };
  });
}
