import { z } from 'zod';
import type { CaseResult } from './result.js';

/** What one execution of a routing case records: where the query should have gone and where it went. */
export const RouteTakenSchema = z.object({
  /** The skill that should fire first; null when none should. */
  expected: z.string().nullable(),
  /** The skill that fired first (null: none); absent when the run gave no answer to route (it errored). */
  chosen: z.string().nullable().optional(),
  /** The skills staged together for the query, in the case's order. */
  skills: z.array(z.string()),
});
export type RouteTaken = z.infer<typeof RouteTakenSchema>;

/** One skill's (or, with `skill: null`, no skill's) row of the routing table. */
export const RoutingSkillStatsSchema = z.object({
  /** The skill; null stands for "no skill fired". */
  skill: z.string().nullable(),
  /** Runs whose query should go to it. */
  expected: z.number().int().nonnegative(),
  /** Runs that went to it. */
  chosen: z.number().int().nonnegative(),
  /** Runs that should go to it and did. */
  correct: z.number().int().nonnegative(),
  /** correct / chosen; null when no run went to it (nothing to be precise about). */
  precision: z.number().min(0).max(1).nullable(),
  /** correct / expected; null when no query should go to it. */
  recall: z.number().min(0).max(1).nullable(),
});
export type RoutingSkillStats = z.infer<typeof RoutingSkillStatsSchema>;

/** A query that went elsewhere than it should in at least one run. */
export const MisroutedQuerySchema = z.object({
  suiteId: z.string(),
  caseId: z.string(),
  caseName: z.string(),
  expected: z.string().nullable(),
  /** Runs of the query that were routed. */
  runs: z.number().int().nonnegative(),
  /** Where its wrong runs went, most runs first. */
  wrong: z.array(z.object({ skill: z.string().nullable(), runs: z.number().int().positive() })),
});
export type MisroutedQuery = z.infer<typeof MisroutedQuerySchema>;

/** The routing table of one engine × variant: a confusion matrix of expected against chosen skill. */
export const RoutingSummarySchema = z.object({
  engine: z.string(),
  variant: z.string(),
  /** Rows (expected) and columns (chosen) of `matrix`: every skill staged or named, then null (no skill). */
  labels: z.array(z.string().nullable()),
  /** matrix[expected][chosen]: runs that should go to labels[expected] and went to labels[chosen]. */
  matrix: z.array(z.array(z.number().int().nonnegative())),
  /** Runs routed (that gave an answer). */
  executions: z.number().int().nonnegative(),
  /** Runs that went where they should. */
  correct: z.number().int().nonnegative(),
  /** correct / executions (0 with none). */
  accuracy: z.number().min(0).max(1),
  /** Runs left out: they errored, were skipped, or gave no answer, so they routed nothing. */
  unrouted: z.number().int().nonnegative(),
  /** Per label, in `labels` order. */
  skills: z.array(RoutingSkillStatsSchema),
  /** Queries with a wrong run, in order of first result. */
  misrouted: z.array(MisroutedQuerySchema),
});
export type RoutingSummary = z.infer<typeof RoutingSummarySchema>;

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
  // An errored or skipped run decided nothing, whatever it fired before it failed.
  const routed = results.filter(
    (r) => r.routing!.chosen !== undefined && (r.status === 'passed' || r.status === 'failed'),
  );
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
