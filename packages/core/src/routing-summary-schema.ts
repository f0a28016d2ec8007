import * as z from 'zod';
import { lazySchema } from './lazy-schema.js';

/** What one execution of a routing case records: where the query should have gone and where it went. */
export const RouteTakenSchema = lazySchema(() =>
  z.object({
    /** The skill that should fire first; null when none should. */
    expected: z.string().nullable(),
    /** The skill that fired first (null: none); absent when the run gave no answer to route (it errored). */
    chosen: z.string().nullable().optional(),
    /** The skills staged together for the query, in the case's order. */
    skills: z.array(z.string()),
  }),
);
export type RouteTaken = z.infer<typeof RouteTakenSchema>;

/** One skill's (or, with `skill: null`, no skill's) row of the routing table. */
export const RoutingSkillStatsSchema = lazySchema(() =>
  z.object({
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
  }),
);
export type RoutingSkillStats = z.infer<typeof RoutingSkillStatsSchema>;

/** A query that went elsewhere than it should in at least one run. */
export const MisroutedQuerySchema = lazySchema(() =>
  z.object({
    suiteId: z.string(),
    caseId: z.string(),
    caseName: z.string(),
    expected: z.string().nullable(),
    /** Runs of the query that were routed. */
    runs: z.number().int().nonnegative(),
    /** Where its wrong runs went, most runs first. */
    wrong: z.array(z.object({ skill: z.string().nullable(), runs: z.number().int().positive() })),
  }),
);
export type MisroutedQuery = z.infer<typeof MisroutedQuerySchema>;

/** The routing table of one engine × variant: a confusion matrix of expected against chosen skill. */
export const RoutingSummarySchema = lazySchema(() =>
  z.object({
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
  }),
);
export type RoutingSummary = z.infer<typeof RoutingSummarySchema>;
