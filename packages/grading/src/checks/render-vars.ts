import type { Case, Check } from '@skill-eval/core';

const PLACEHOLDER = /\{\{\s*([\w$]+(?:\.[\w$]+)*)\s*\}\}/g;

/** The case's template variables, when its format has them (promptfoo-style `vars`, kept in `metadata.vars`). */
export function caseVars(testCase: Case): Record<string, unknown> | undefined {
  const vars = testCase.metadata.vars;
  return typeof vars === 'object' && vars !== null && !Array.isArray(vars)
    ? (vars as Record<string, unknown>)
    : undefined;
}

/**
 * The check with `{{ name }}` / `{{ a.b }}` in its value (a string, or the strings of a list) replaced by the
 * case's vars, as promptfoo renders assertion values with nunjucks before grading: an unknown name renders as
 * nothing. A case without vars is graded as written.
 */
export function renderVars(check: Check, testCase: Case): Check {
  const vars = caseVars(testCase);
  if (!vars) return check;
  const render = (text: string) =>
    text.startsWith('file://') ? text : text.replace(PLACEHOLDER, (_, name: string) => shown(lookup(vars, name)));
  const { value } = check;
  if (typeof value === 'string') return { ...check, value: render(value) };
  if (Array.isArray(value)) return { ...check, value: value.map((v) => (typeof v === 'string' ? render(v) : v)) };
  return check;
}

function lookup(vars: Record<string, unknown>, path: string): unknown {
  let at: unknown = vars;
  for (const key of path.split('.')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** How nunjucks prints a value: nothing for undefined and null, objects as JavaScript strings them. */
function shown(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}
