import { type CheckProblem, canonicalCheck, checkProblems } from '@skill-eval/checks';
import { type Case, type Check, type Diagnostic, errorInfo, type Suite } from '@skill-eval/core';
import { schemaTest } from '../checks/json-schema.js';

const ROLES = [
  ['gates', 'gate'],
  ['checks', 'check'],
  ['failIf', 'fail-if condition'],
] as const;

/**
 * Load-time errors of a suite's checks, for every format (the formats report them at each check's own line as
 * they read the file; this catches what a format plugin leaves unchecked): types skill-eval does not know or cannot
 * grade, parameters the catalogue refuses, JSON Schemas Ajv cannot compile — in gates, checks, fail-if conditions
 * and groups. Each is an error at its case's location naming the case, so a suite that cannot be graded as written
 * never runs.
 */
export async function checkDiagnostics(suite: Suite): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  for (const testCase of suite.cases) {
    for (const [key, role] of ROLES) {
      const checks = testCase[key];
      for (let i = 0; i < checks.length; i++) {
        const check = checks[i]!;
        const report = (ruleId: string, problem: string, inside = '') =>
          diagnostics.push(
            diagnostic(suite, testCase, ruleId, `case "${testCase.id}", ${role} ${i + 1}${inside}: ${problem}`),
          );
        for (const problem of checkProblems(check)) {
          if (problem.severity === 'error') report(`grading/${problem.ruleId}`, problem.message, childSteps(problem));
        }
        const canonical = canonicalCheck(check);
        // Awaited only where there is a JSON Schema to compile: a wait per check cost a tenth of loading 10,000 cases.
        if (!holdsSchema(canonical)) continue;
        for (const schemaProblem of await schemaProblems(canonical)) report('grading/invalid-check', schemaProblem);
      }
    }
  }
  return diagnostics;
}

function diagnostic(suite: Suite, testCase: Case, ruleId: string, message: string): Diagnostic {
  return {
    severity: 'error',
    ruleId,
    message,
    file: testCase.source.file || suite.file,
    ...(testCase.source.line ? { line: testCase.source.line } : {}),
    ...(testCase.source.column ? { column: testCase.source.column } : {}),
  };
}

const CHILD_KEYS = new Set(['checks', 'assert', 'assertions', 'evaluators']);

/** ` › check 2` for a problem inside a group's children, nothing for one of the check itself. */
function childSteps({ path }: CheckProblem): string {
  let steps = '';
  path.forEach((key, i) => {
    const next = path[i + 1];
    if (typeof key === 'string' && CHILD_KEYS.has(key) && typeof next === 'number') steps += ` › check ${next + 1}`;
  });
  return steps;
}

/** Whether the check, or a check of its group, is one whose JSON Schema {@link schemaProblems} compiles. */
function holdsSchema(check: Check): boolean {
  if (check.type === 'assert-set' && Array.isArray(check.checks)) return (check.checks as Check[]).some(holdsSchema);
  return check.type === 'is-json' || check.type === 'contains-json';
}

/** JSON Schemas of is-json / contains-json (and in groups) that Ajv cannot compile, as promptfoo would find at run. */
async function schemaProblems(check: Check): Promise<string[]> {
  if (check.type === 'assert-set' && Array.isArray(check.checks))
    return (await Promise.all((check.checks as Check[]).map(schemaProblems))).flat();
  if (check.type !== 'is-json' && check.type !== 'contains-json') return [];
  const text = typeof check.value === 'string' ? check.value : '';
  if (text.includes('{{')) return []; // Rendered from the case's vars when it is graded.
  try {
    // Compiling is all this asks: no search runs, so the deadline is never used.
    await schemaTest(check, { limitMs: 0, label: `check "${check.type}"` });
    return [];
  } catch (error) {
    return [errorInfo(error).message];
  }
}
