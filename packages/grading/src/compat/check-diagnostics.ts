import { type Case, type Diagnostic, errorInfo, type Suite } from '@skill-eval/core';
import { GROUP } from '../checks/check-tree.js';
import { compileRegex } from '../checks/compile-regex.js';
import { canonicalCheck } from './canonical-check.js';
import { aliasProblem, missingValue, normalizeChild } from './check-aliases.js';
import { checkTypeProblem, isUnsupportedType } from './check-type-problem.js';

const GROUPS = new Set([GROUP, 'composite']);

const ROLES = [
  ['gates', 'gate'],
  ['checks', 'check'],
  ['failIf', 'fail-if condition'],
] as const;

/**
 * Load-time problems of a suite's checks: types skill-eval does not know or cannot grade, alias parameters
 * without an equivalent, invalid regex patterns — in gates, checks, fail-if conditions and groups. Each is an
 * error at its case's location, naming the case, so a suite that cannot be graded as written never runs.
 */
export function checkDiagnostics(suite: Suite): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const testCase of suite.cases) {
    for (const [key, role] of ROLES) {
      testCase[key].forEach((check, i) => {
        inspect(check, `${role} ${i + 1}`, testCase, suite, diagnostics);
      });
    }
  }
  return diagnostics;
}

/** Where a check sits, for the diagnostics of its problems. */
interface Place {
  where: string;
  testCase: Case;
  suite: Suite;
  out: Diagnostic[];
}

function report({ where, testCase, suite, out }: Place, ruleId: string, problem: string): void {
  out.push({
    severity: 'error',
    ruleId,
    message: `case "${testCase.id}", ${where}: ${problem}`,
    file: testCase.source.file || suite.file,
    ...(testCase.source.line ? { line: testCase.source.line } : {}),
    ...(testCase.source.column ? { column: testCase.source.column } : {}),
  });
}

function inspect(raw: unknown, where: string, testCase: Case, suite: Suite, out: Diagnostic[]): void {
  const place: Place = { where, testCase, suite, out };
  const given = normalizeChild(raw);
  if (typeof given !== 'object' || given === null || typeof given.type !== 'string') {
    report(place, 'grading/invalid-check', 'a check needs a "type"');
    return;
  }
  const written = given.type;
  // normalizeChild gave it core's normal form (normalizeCheck) already.
  const normal = given;
  const check = canonicalCheck(normal);
  // Name the type as written, unless an alias mapped it onto another.
  const typeProblem = checkTypeProblem(check.type === normal.type ? written : check.type);
  if (typeProblem) {
    const unsupported = isUnsupportedType(check.type);
    report(place, unsupported ? 'grading/unsupported-check-type' : 'grading/unknown-check-type', typeProblem);
    return;
  }
  const problem = aliasProblem(normal) ?? aliasProblem(check);
  if (problem) report(place, 'grading/unsupported-check-type', problem);
  const missing = missingValue(normal);
  if (missing) report(place, 'grading/invalid-check', missing);
  if (check.type === 'regex') {
    try {
      compileRegex(check);
    } catch (error) {
      report(place, 'grading/invalid-check', errorInfo(error).message);
    }
  }
  if (check.type === GROUP) {
    // Children as written, so their own alias problems show; a group an alias built has only built children.
    const children = GROUPS.has(normal.type)
      ? (normal.checks ?? normal.assert ?? normal.assertions ?? normal.evaluators)
      : check.checks;
    if (!Array.isArray(children)) {
      report(place, 'grading/invalid-check', 'an assert-set needs its checks as a list');
      return;
    }
    children.forEach((child, i) => {
      inspect(child, `${where} › check ${i + 1}`, testCase, suite, out);
    });
  }
}
