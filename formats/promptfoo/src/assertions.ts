import { canonicalCheck, checkProblems, problemSentence } from '@skill-eval/checks';
import type { Check } from '@skill-eval/core';
import { at, type DocPath, describe, isRecord, type Source } from './source.js';

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
  const problems = checkProblems(item, { vocabulary: 'promptfoo' });
  for (const problem of problems)
    source.sink.report(problem.severity, problem.ruleId, problemSentence(problem), at(path, ...problem.path));
  if (problems.some((p) => p.severity === 'error')) return [];
  return [canonicalCheck(item as Check, { vocabulary: 'promptfoo' })];
}
