import { canonicalCheck, checkProblems, problemSentence } from '@skill-eval/checks';
import type { Check } from '@skill-eval/core';
import { at, type DocPath, describe, isRecord, type Source } from './source.js';
import { promptfooValue } from './value-invariants.js';

/**
 * A test's `assert` list read into skill-eval checks. Each assertion is checked against skill-eval's catalogue in
 * promptfoo's vocabulary (`@skill-eval/checks`, whose types and parameters are promptfoo's): a type skill-eval cannot
 * grade as promptfoo does, or a parameter of the wrong kind, is an error at its line and the assertion is left out;
 * a parameter promptfoo ignores is a warning. promptfoo itself refuses an `assert` that is not a list and an
 * assertion without a `type` (`validateAssertions`, promptfoo 0.123.1 `dist/src/index.js` 30498-30510).
 */
export function readAssertions(list: unknown, path: DocPath, source: Source): Check[] {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) {
    source.sink.error(
      'wrong-type',
      `"assert" is ${describe(list)}; promptfoo needs a list of assertions ({type, value} maps).`,
      at(path),
    );
    return [];
  }
  return list.flatMap((item, i) => readAssertion(item, [...path, i], source));
}

function readAssertion(item: unknown, path: DocPath, source: Source): Check[] {
  if (!isRecord(item) || typeof item.type !== 'string' || item.type.trim() === '') {
    source.sink.error(
      'missing-type',
      isRecord(item)
        ? 'This assertion has no "type"; add one (e.g. type: contains).'
        : `An assertion is ${describe(item)}; write a map with a "type" (e.g. {type: llm-rubric, value: …}).`,
      at(path),
    );
    return [];
  }
  const read = readKeys(item, path, source);
  if (!valuesAsPromptfooReads(read, path, source)) return [];
  const problems = checkProblems(read, { vocabulary: 'promptfoo' });
  for (const problem of problems)
    source.sink.report(problem.severity, problem.ruleId, problemSentence(problem), at(path, ...problem.path));
  if (problems.some((p) => p.severity === 'error')) return [];
  return [canonicalCheck(read as Check, { vocabulary: 'promptfoo' })];
}

/**
 * The keys promptfoo reads on an assertion (`AssertionSchema`, promptfoo 0.123.1 `dist/src/tables-BHn212qj.js`
 * 3432-3446) and on an assert-set (`AssertionSetSchema`, 3424-3431). promptfoo's graders never look at any other
 * (`flags` on regex: `handleRegex` builds `new RegExp(value)`, index.js 20365-20370), so neither does skill-eval:
 * each is left out with a warning at its line, where skill-eval's own reading of it would change the verdict.
 */
export const ASSERTION_KEYS: ReadonlySet<string> = new Set([
  'type',
  'value',
  'config',
  'threshold',
  'weight',
  'provider',
  'rubricPrompt',
  'metric',
  'transform',
  'contextTransform',
]);
export const ASSERT_SET_KEYS: ReadonlySet<string> = new Set([
  'type',
  'assert',
  'weight',
  'metric',
  'threshold',
  'config',
]);

function readKeys(item: Record<string, unknown>, path: DocPath, source: Source): Record<string, unknown> {
  const group = item.type === 'assert-set';
  const keys = group ? ASSERT_SET_KEYS : ASSERTION_KEYS;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (keys.has(key)) out[key] = value;
    else
      source.sink.warning(
        'ignored-parameter',
        `promptfoo ignores "${key}" on ${group ? 'an assert-set' : `a ${String(item.type)} assertion`} (it reads ${[...keys].map((k) => `"${k}"`).join(', ')}), and so does skill-eval; remove it.`,
        { path: [...path, key], key: true },
      );
  }
  if (group && Array.isArray(out.assert))
    out.assert = out.assert.map((child, i) =>
      isRecord(child) ? readKeys(child, [...path, 'assert', i], source) : child,
    );
  return out;
}

/**
 * Each value (an assert-set's children's too) as promptfoo's handler takes it (see value-invariants.ts), in place;
 * false, with an error at the value, where promptfoo would throw instead of grading.
 */
function valuesAsPromptfooReads(item: Record<string, unknown>, path: DocPath, source: Source): boolean {
  if (item.type === 'assert-set')
    return !Array.isArray(item.assert)
      ? true
      : item.assert.every(
          (child, i) => !isRecord(child) || valuesAsPromptfooReads(child, [...path, 'assert', i], source),
        );
  if (item.value === undefined || typeof item.type !== 'string') return true;
  const taken = promptfooValue(item.type, item.value);
  if ('value' in taken) {
    item.value = taken.value;
    return true;
  }
  source.sink.error(
    'wrong-value-type',
    `promptfoo refuses this assertion when it grades it ("${taken.refused}"), so skill-eval refuses it here; give "value" the kind promptfoo names.`,
    at(path, 'value'),
  );
  return false;
}
