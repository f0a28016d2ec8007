import type { Check } from '@skill-eval/core';

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
