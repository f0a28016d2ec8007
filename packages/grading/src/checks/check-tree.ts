import { GROUP, RUBRIC } from '@skill-eval/checks';
import { type Check, normalizeCheck } from '@skill-eval/core';

export { GROUP, RUBRIC };

/** A group's children as written (`checks`), or undefined when the check is no group or the list is malformed. */
export function groupChildren(check: Check): Check[] | undefined {
  return check.type === GROUP && Array.isArray(check.checks) ? (check.checks as Check[]) : undefined;
}

/** Normalises a check and, for a group, every child, recursively. */
export function normalizeTree(check: Check, canonical: (check: Check) => Check = (c) => c): Check {
  const normal = canonical(normalizeCheck(check));
  const children = groupChildren(normal);
  return children ? { ...normal, checks: children.map((child) => normalizeTree(child, canonical)) } : normal;
}

/** Every llm-rubric leaf of a check tree, in order. */
export function rubricLeaves(check: Check): Check[] {
  if (check.type === RUBRIC) return [check];
  return groupChildren(check)?.flatMap(rubricLeaves) ?? [];
}
