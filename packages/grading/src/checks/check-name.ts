import { relative } from 'node:path';
import type { Case, Check } from '@skill-eval/core';

/** Display name of a normalised check: its own name, else type and value. */
export function checkName(check: Check): string {
  if (check.name) return check.name;
  // A criterion reads as a sentence: the verdict is named by its text.
  if (check.type === 'llm-rubric' && typeof check.value === 'string')
    return `${check.negate ? 'NOT: ' : ''}${check.value}`;
  const type = `${check.negate ? 'not-' : ''}${check.type}`;
  if (check.value === undefined) return type;
  const value = typeof check.value === 'string' ? check.value : JSON.stringify(check.value);
  return `${type}: ${value.length > 120 ? `${value.slice(0, 119)}…` : value}`;
}

/**
 * A check as a message names it: its name, its case, and the case's file and line (relative to the working directory
 * when it is below it) — `check "regex: ^a+$" of case "greets" (evals/greet.eval.yaml:12)`.
 */
export function checkLabel(check: Check, testCase: Case): string {
  const { file, line } = testCase.source;
  const near = relative(process.cwd(), file);
  const shown = near && !near.startsWith('..') ? near : file;
  const at = line === undefined ? shown : `${shown}:${line}`;
  return `check "${checkName(check)}" of case "${testCase.id}" (${at})`;
}
