import { canonicalCheck, checkProblems } from '@skill-eval/checks';
import type { Check } from '@skill-eval/core';
import { ASSERT_SET_KEYS, ASSERTION_KEYS } from './assertions.js';
import { PROMPTFOO_BASE_TYPES } from './csv-shorthand.js';
import { isRecord } from './source.js';
import { promptfooValue } from './value-invariants.js';

/** An assertion as promptfoo reads it, or why a check cannot be one. */
export type WrittenAssertion = { assertion: Record<string, unknown> } | { lost: string };

const PROMPTFOO_TYPES: ReadonlySet<string> = new Set<string>(PROMPTFOO_BASE_TYPES);
/** Text checks promptfoo spells with an `i` when they ignore case (`icontains`, `icontains-any`, `icontains-all`). */
const FOLDABLE = new Set(['contains', 'contains-any', 'contains-all']);
/** skill-eval's `max` is promptfoo's `threshold` on these (`PARAMETER_SPELLINGS`). */
const MAX_IS_THRESHOLD = new Set(['cost', 'latency']);

/**
 * One check as a promptfoo 0.123.1 assertion: `not-<type>` for a negated check, `icontains…` for a case-folding
 * contains, `metric` for its name, `threshold` for cost's and latency's `max`, an assert-set's children as its
 * `assert`. The assertion is kept only when promptfoo has its type and the promptfoo format reads it back as the very
 * check it came from (so nothing a writer guessed reaches a file); otherwise the check is named as lost.
 */
export function writeAssertion(check: Check): WrittenAssertion {
  const assertion = spelled(check);
  if ('lost' in assertion) return assertion;
  const problem = unreadable(assertion.assertion, check);
  return problem ? { lost: problem } : assertion;
}

function spelled(check: Check): WrittenAssertion {
  const { type, negate, name, checks, caseSensitive, max, compatType: _compat, ...rest } = check;
  const out: Record<string, unknown> = {};
  let written = type;
  if (caseSensitive === false && FOLDABLE.has(type)) written = `i${type}`;
  else if (caseSensitive !== undefined) out.caseSensitive = caseSensitive;
  if (negate === true) {
    if (type === 'assert-set') return { lost: `${describeCheck(check)}: promptfoo has no negated assert-set` };
    written = `not-${written}`;
  } else if (negate !== undefined) out.negate = negate;
  out.type = written;
  Object.assign(out, rest);
  if (max !== undefined) {
    if (MAX_IS_THRESHOLD.has(type)) out.threshold = max;
    else out.max = max;
  }
  if (typeof name === 'string') out.metric = name;
  if (type === 'assert-set') {
    const children = Array.isArray(checks) ? (checks as Check[]).map(writeAssertion) : [];
    const lost = children.find((c) => 'lost' in c);
    if (lost) return lost;
    out.assert = children.map((c) => (c as { assertion: Record<string, unknown> }).assertion);
  } else if (checks !== undefined) out.checks = checks;
  return { assertion: out };
}

/** Why promptfoo (or the promptfoo format reading the written file) would not see `check` in `assertion`. */
function unreadable(assertion: Record<string, unknown>, check: Check): string | undefined {
  const type = String(assertion.type);
  const base = type.startsWith('not-') ? type.slice(4) : type;
  if (base !== 'assert-set' && !PROMPTFOO_TYPES.has(base))
    return `${describeCheck(check)}: promptfoo has no such assertion (it is skill-eval's)`;
  const ignored = ignoredKeys(assertion);
  if (ignored.length > 0)
    return `${describeCheck(check)}: promptfoo has no place for its ${ignored.map((k) => `"${k}"`).join(', ')}`;
  if (checkProblems(assertion, { vocabulary: 'promptfoo' }).some((p) => p.severity === 'error'))
    return `${describeCheck(check)}: promptfoo cannot grade it as skill-eval does`;
  const read = readBack(assertion);
  if (read === undefined || stable(canonicalCheck(read as Check, { vocabulary: 'promptfoo' })) !== stable(bare(check)))
    return `${describeCheck(check)}: promptfoo's spelling of it would read back as another check`;
  return undefined;
}

/** Keys promptfoo never reads on an assertion or an assert-set (assertions.ts), an assert-set's children's too. */
function ignoredKeys(assertion: Record<string, unknown>): string[] {
  const keys = assertion.type === 'assert-set' ? ASSERT_SET_KEYS : ASSERTION_KEYS;
  const own = Object.keys(assertion).filter((k) => !keys.has(k));
  const children = Array.isArray(assertion.assert)
    ? assertion.assert.flatMap((c) => (isRecord(c) ? ignoredKeys(c) : []))
    : [];
  return [...new Set([...own, ...children])];
}

/** The assertion with its values as the promptfoo format takes them (value-invariants.ts), or undefined if refused. */
function readBack(assertion: Record<string, unknown>): Record<string, unknown> | undefined {
  const out = { ...assertion };
  if (Array.isArray(out.assert)) {
    const children = out.assert.map((c) => (isRecord(c) ? readBack(c) : c));
    if (children.includes(undefined)) return undefined;
    out.assert = children;
  }
  if (out.value === undefined || out.type === 'assert-set') return out;
  const taken = promptfooValue(String(out.type), out.value);
  if (!('value' in taken)) return undefined;
  out.value = taken.value;
  return out;
}

/**
 * A check as the promptfoo format would hold it: without what only skill-eval's own reading adds (`compatType` notes
 * a promptfoo alias it mapped), a case-folding contains as promptfoo's `icontains…` (graded alike).
 */
function bare(check: Check): Check {
  const { compatType: _compat, ...rest } = check;
  if (rest.type === 'assert-set' && Array.isArray(rest.checks)) rest.checks = (rest.checks as Check[]).map(bare);
  if (rest.caseSensitive !== false || !FOLDABLE.has(rest.type)) return rest;
  const { caseSensitive: _folded, ...unfolded } = rest;
  return { ...unfolded, type: `i${rest.type}` };
}

/** JSON with keys sorted, so two checks compare by content, not by key order. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    isRecord(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

/** `check contains "x"`, for a lost line. */
export function describeCheck(check: Check): string {
  const value = check.value === undefined ? '' : ` ${JSON.stringify(check.value)}`;
  return `check ${check.negate ? 'not ' : ''}${check.type}${value.length > 80 ? `${value.slice(0, 79)}…` : value}`;
}
