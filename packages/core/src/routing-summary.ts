import type { CaseResult } from './result.js';
import type { MisroutedQuery, RoutingSummary } from './routing-summary-schema.js';

/**
 * Whether a routing execution decided a route: it gave an answer (`chosen` is recorded) and was graded. An errored or
 * skipped run decided nothing, whatever it fired before it failed.
 */
export const wasRouted = (result: CaseResult): boolean =>
  result.routing?.chosen !== undefined && (result.status === 'passed' || result.status === 'failed');

/** Whether a routing execution went elsewhere than its query should: one run off the diagonal of its matrix. */
export const wasMisrouted = (result: CaseResult): boolean =>
  wasRouted(result) && result.routing!.chosen !== result.routing!.expected;

const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/**
 * The routing tables of a run, one per engine × variant that ran routing cases (results carrying `routing`), in order
 * of first result. Computed once here; every reporter renders it as it is.
 */
export function routingSummaries(results: readonly CaseResult[]): RoutingSummary[] {
  const groups = new Map<string, CaseResult[]>();
  for (const result of results) {
    if (!result.routing) continue;
    const key = JSON.stringify([result.engine, result.variant]);
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  return [...groups.values()].map(routingSummary);
}

function routingSummary(results: CaseResult[]): RoutingSummary {
  const names: string[] = [];
  const note = (name: string | null | undefined) => {
    if (typeof name === 'string' && !names.includes(name)) names.push(name);
  };
  for (const { routing } of results) for (const skill of routing!.skills) note(skill);
  // A skill named by the file but not staged, or fired though not staged, still gets its row and column.
  for (const { routing } of results) {
    note(routing!.expected);
    note(routing!.chosen);
  }
  const labels: (string | null)[] = [...names, null];
  const at = (name: string | null) => labels.indexOf(name);
  const matrix = labels.map(() => labels.map(() => 0));
  const routed = results.filter(wasRouted);
  for (const { routing } of routed) matrix[at(routing!.expected)]![at(routing!.chosen!)]!++;
  const correct = labels.reduce((sum, _, i) => sum + matrix[i]![i]!, 0);
  const skills = labels.map((skill, i) => {
    const expected = matrix[i]!.reduce((a, b) => a + b, 0);
    const chosen = matrix.reduce((sum, row) => sum + row[i]!, 0);
    const hits = matrix[i]![i]!;
    return { skill, expected, chosen, correct: hits, precision: ratio(hits, chosen), recall: ratio(hits, expected) };
  });
  const first = results[0]!;
  return {
    engine: first.engine,
    variant: first.variant,
    labels,
    matrix,
    executions: routed.length,
    correct,
    accuracy: ratio(correct, routed.length) ?? 0,
    unrouted: results.length - routed.length,
    skills,
    misrouted: misroutedQueries(routed),
  };
}

function misroutedQueries(routed: CaseResult[]): MisroutedQuery[] {
  const byCase = new Map<string, { query: MisroutedQuery; wrong: Map<string | null, number> }>();
  for (const result of routed) {
    const key = JSON.stringify([result.suiteId, result.caseId]);
    const { expected, chosen } = result.routing!;
    let entry = byCase.get(key);
    if (!entry) {
      const query = { suiteId: result.suiteId, caseId: result.caseId, caseName: result.caseName, expected, runs: 0 };
      entry = { query: { ...query, wrong: [] }, wrong: new Map() };
      byCase.set(key, entry);
    }
    entry.query.runs++;
    if (chosen !== expected) entry.wrong.set(chosen!, (entry.wrong.get(chosen!) ?? 0) + 1);
  }
  return [...byCase.values()]
    .filter(({ wrong }) => wrong.size > 0)
    .map(({ query, wrong }) => ({
      ...query,
      wrong: [...wrong].map(([skill, runs]) => ({ skill, runs })).sort((a, b) => b.runs - a.runs),
    }));
}
