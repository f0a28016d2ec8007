import type { CaseResult, CheckVerdict } from '@skill-eval/core';
import { resultWarnings, totalTokens, wasMisrouted } from '@skill-eval/core';
import { type CaseIndex, caseKey, casesByKey } from '../run-dir/case-index.js';
import { xmlAttribute as attr, xmlText as text } from './xml-escape.js';

/** What the JUnit file is built from besides the results. */
export interface JunitOptions {
  /** Name of the root `<testsuites>` (default `skill-eval`). */
  name?: string;
  /** The run's case index: gives each testcase its eval file and line. */
  cases?: CaseIndex;
}

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

/** Checks that did not hold, groups opened up so that the failing child is named. */
function failedChecks(checks: readonly CheckVerdict[]): CheckVerdict[] {
  return checks.flatMap((c) => (c.passed && !c.errored ? [] : c.checks?.length ? failedChecks(c.checks) : [c]));
}

/** Name of the testcase: the case and what distinguishes this execution of it. */
export const testcaseName = (r: CaseResult): string => `${r.caseName} [${r.engine}, ${r.variant}, #${r.run}]`;

/**
 * A failure in JUnit: a failed execution, or a routed one that went to the wrong skill (which the routing summary
 * counts off the diagonal whatever its score), so that the failures of a routing run are the runs its matrix misroutes.
 */
const failed = (r: CaseResult): boolean => r.status === 'failed' || wasMisrouted(r);

const skillText = (name: string | null): string => (name === null ? 'no skill' : `skill "${name}"`);

const names = (checks: readonly CheckVerdict[]): string => checks.map((c) => c.name || c.type).join('; ');
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a test reporter shows alone: where a misrouted query should have gone and where it went, or what failed. */
function failureMessage(r: CaseResult, failing: readonly CheckVerdict[]): string {
  if (r.routing && wasMisrouted(r)) {
    const others = failing.filter((c) => c.type !== 'skill-routed');
    const also = others.length ? `; also ${plural(others.length, 'other check')} failed: ${names(others)}` : '';
    return `misrouted: expected ${skillText(r.routing.expected)}, invoked ${skillText(r.routing.chosen ?? null)}${also}`;
  }
  return failing.length
    ? `${failing.length} of ${plural(r.checks.length, 'check')} failed: ${names(failing)}`
    : `score ${r.score.toFixed(2)} below the threshold`;
}

function failureElement(r: CaseResult): string {
  const failing = failedChecks(r.checks);
  const type = r.routing && wasMisrouted(r) ? 'routing' : r.kind === 'trigger' ? 'trigger' : 'checks';
  const body = failing
    .map(
      (c) =>
        `✗ ${c.name || c.type} (${c.type}${c.gate ? ', gate' : ''})${c.evidence ? `\n  ${c.evidence.replaceAll('\n', '\n  ')}` : ''}`,
    )
    .join('\n');
  return `<failure message="${attr(failureMessage(r, failing))}" type="${attr(type)}">${text(body)}</failure>`;
}

function detailsElement(r: CaseResult): string {
  const lines = [
    `engine: ${r.engine}${r.engineVersion ? ` ${r.engineVersion}` : ''}`,
    `variant: ${r.variant}`,
    ...(r.model || r.session?.model ? [`model: ${r.model ?? r.session?.model}`] : []),
    `run: ${r.run}`,
    `score: ${r.score.toFixed(3)}`,
    ...(r.session ? [`tokens: ${totalTokens(r.session.usage)}`] : []),
    ...(r.session?.costUsd !== undefined ? [`cost_usd: ${r.session.costUsd}`] : []),
    ...(r.cached ? ['cached: true'] : []),
    ...(r.transcriptFile ? [`transcript: ${r.transcriptFile}`] : []),
    ...resultWarnings(r).map((warning) => `warning (${warning.kind}): ${warning.message}`),
  ];
  return `<system-out>${text(lines.join('\n'))}</system-out>`;
}

function testcase(r: CaseResult, location: { file: string; line?: number } | undefined): string {
  const attrs = [
    `name="${attr(testcaseName(r))}"`,
    `classname="${attr(r.suiteId)}"`,
    `time="${seconds(r.durationMs)}"`,
    `timestamp="${attr(r.startedAt)}"`,
    `assertions="${r.checks.length}"`,
    ...(location ? [`file="${attr(location.file)}"`] : []),
    ...(location?.line ? [`line="${location.line}"`] : []),
  ].join(' ');
  const outcome = failed(r)
    ? failureElement(r)
    : r.status === 'error'
      ? `<error message="${attr(r.error?.message ?? 'the execution could not be graded')}" type="${attr(r.error?.code ?? 'ERROR')}">${text(
          [
            r.error ? `${r.error.code}: ${r.error.message}` : '',
            ...failedChecks(r.checks).map((c) => `${c.name || c.type}: ${c.evidence}`),
          ]
            .filter(Boolean)
            .join('\n'),
        )}</error>`
      : r.status === 'skipped'
        ? `<skipped${r.error ? ` message="${attr(r.error.message)}"` : ''}/>`
        : '';
  return `    <testcase ${attrs}>${outcome}${detailsElement(r)}</testcase>`;
}

const count = (results: readonly CaseResult[], status: CaseResult['status']) =>
  results.filter((r) => r.status === status).length;

const distinct = (values: readonly (string | undefined)[]): string =>
  [...new Set(values.filter((v): v is string => Boolean(v)))].join(', ');

/** Properties of a suite: junit-10.xsd allows them only on testsuite, so per-execution details go to system-out. */
function properties(results: readonly CaseResult[]): string {
  const cost = results.reduce((sum, r) => sum + (r.session?.costUsd ?? 0), 0);
  const tokens = results.reduce((sum, r) => sum + (r.session ? totalTokens(r.session.usage) : 0), 0);
  const props: [string, string][] = [
    ['engines', distinct(results.map((r) => r.engine))],
    ['models', distinct(results.map((r) => r.model ?? r.session?.model))],
    ['variants', distinct(results.map((r) => r.variant))],
    ['cost_usd', cost.toFixed(6)],
    ['tokens', String(tokens)],
  ];
  return `    <properties>\n${props.map(([n, v]) => `      <property name="${attr(n)}" value="${attr(v)}"/>`).join('\n')}\n    </properties>`;
}

/**
 * Results in the order of the case index (the run's plan order), then by suite, case, engine, variant and run: the
 * same XML whether the results come in the order they finished (results.jsonl) or the order they were planned.
 */
function inPlanOrder(results: readonly CaseResult[], cases: ReadonlyMap<string, unknown>): CaseResult[] {
  const position = new Map([...cases.keys()].map((key, index) => [key, index]));
  // Each result's place, looked up once rather than at every comparison.
  const places = new Map(
    results.map((r) => [r, position.get(caseKey(r.suiteId, r.caseId)) ?? Number.MAX_SAFE_INTEGER]),
  );
  const at = (r: CaseResult) => places.get(r)!;
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...results].sort(
    (a, b) =>
      at(a) - at(b) ||
      order(a.suiteId, b.suiteId) ||
      order(a.caseId, b.caseId) ||
      order(a.engine, b.engine) ||
      order(a.variant, b.variant) ||
      a.run - b.run,
  );
}

/**
 * The run as JUnit XML (the Jenkins junit-10.xsd dialect most CI systems read): one `<testsuite>` per eval file,
 * one `<testcase>` per execution with `<failure>` (the checks that failed, with their evidence; a routing run sent to
 * the wrong skill names the expected and the invoked one), `<error>` (code
 * and message) or `<skipped/>`.
 */
export function junitXml(results: readonly CaseResult[], options: JunitOptions = {}): string {
  const cases = casesByKey(options.cases);
  const suites = new Map<string, CaseResult[]>();
  for (const r of inPlanOrder(results, cases)) {
    const own = suites.get(r.suiteId);
    if (own) own.push(r);
    else suites.set(r.suiteId, [r]);
  }
  const total = (rs: readonly CaseResult[]) => rs.reduce((sum, r) => sum + r.durationMs, 0);
  const body = [...suites].map(([suiteId, rs]) => {
    const first = cases.get(caseKey(suiteId, rs[0]?.caseId ?? ''));
    const head = [
      `name="${attr(suiteId)}"`,
      `tests="${rs.length}"`,
      `failures="${rs.filter(failed).length}"`,
      `errors="${count(rs, 'error')}"`,
      `skipped="${count(rs, 'skipped')}"`,
      `time="${seconds(total(rs))}"`,
      ...(rs[0] ? [`timestamp="${attr(rs.map((r) => r.startedAt).sort()[0] ?? rs[0].startedAt)}"`] : []),
      ...(first ? [`file="${attr(first.file)}"`] : []),
    ].join(' ');
    const testcases = rs.map((r) => testcase(r, cases.get(caseKey(r.suiteId, r.caseId))));
    return `  <testsuite ${head}>\n${properties(rs)}\n${testcases.join('\n')}\n  </testsuite>`;
  });
  const root = [
    `name="${attr(options.name ?? 'skill-eval')}"`,
    `tests="${results.length}"`,
    `failures="${results.filter(failed).length}"`,
    `errors="${count(results, 'error')}"`,
    `time="${seconds(total(results))}"`,
  ].join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ${root}>\n${body.join('\n')}${body.length ? '\n' : ''}</testsuites>\n`;
}
