import * as z from 'zod';
import { SandboxInfoSchema } from './environment.js';
import { lazySchema } from './lazy-schema.js';
import { RouteTakenSchema, RoutingSummarySchema } from './routing-summary-schema.js';
import { SessionSchema, UsageSchema } from './session.js';
import { type Warning, warningListSchema } from './warning.js';

/** One check's verdict, with the evidence a person can verify. */
export const CheckVerdictSchema = lazySchema(() =>
  z.object({
    /** Check type. */
    type: z.string(),
    /** Display name (criterion text for llm-rubric). */
    name: z.string(),
    /** Whether the check held (after negation). */
    passed: z.boolean(),
    /** 0..1; 1 or 0 for binary checks. */
    score: z.number().min(0).max(1),
    weight: z.number().nonnegative().default(1),
    required: z.boolean().default(false),
    /** The score a required check must reach under AgentV's verdict rule (its min_score; the case's threshold when absent). */
    minScore: z.number().min(0).max(1).optional(),
    /** What in the transcript or workspace supports the verdict (quoted). */
    evidence: z.string().default(''),
    /** Whether the check ran as a gate. */
    gate: z.boolean().default(false),
    /**
     * The check could not be evaluated (e.g. the judge failed): the case is `error`, not failed — except in an AgentV
     * case, where a check whose code threw, crashed or ran out of time scores as AgentV scores it (0; 1 negated) and
     * the case passes or fails by the score.
     */
    errored: z.boolean().default(false),
    /** A group's (assert-set's) own verdicts, in order. */
    get checks(): z.ZodOptional<z.ZodArray<typeof CheckVerdictSchema>> {
      return z.array(CheckVerdictSchema).optional();
    },
  }),
);
export type CheckVerdict = z.infer<typeof CheckVerdictSchema>;

export const ResultStatusSchema = lazySchema(() => z.enum(['passed', 'failed', 'error', 'skipped']));
export type ResultStatus = z.infer<typeof ResultStatusSchema>;

/** The session without its event list: what a result line carries. The full transcript is at `transcriptFile`. */
export const SessionSummarySchema = lazySchema(() => SessionSchema.omit({ events: true }));
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

/**
 * What the judge said about the criteria themselves, apart from grading them (skill-creator's `eval_feedback`):
 * criteria that prove little, cannot be checked from the agent's work, or repeat another, and outcomes none checks.
 * It never changes a verdict.
 */
export const JudgeFeedbackSchema = lazySchema(() =>
  z.object({
    /** Each remark, in the judge's order. */
    suggestions: z.array(
      z.object({
        /** The criterion it is about, as written in the eval file; absent for an outcome no criterion checks. */
        assertion: z.string().optional(),
        /**
         * `weak`: it would also pass for a clearly wrong result; `unverifiable`: the agent's work cannot show it;
         * `redundant`: another criterion checks the same; `missing`: an outcome that matters and none checks.
         */
        kind: z.enum(['weak', 'unverifiable', 'redundant', 'missing']).optional(),
        /** Why, and what to check instead. */
        reason: z.string(),
      }),
    ),
    /** The judge's overall view of the criteria, when it gave one. */
    overall: z.string().optional(),
  }),
);
export type JudgeFeedback = z.infer<typeof JudgeFeedbackSchema>;

/** Judge model and prompt version, when a judge graded this execution. */
const ResultJudgeSchema = lazySchema(() =>
  z.object({
    engine: z.string(),
    model: z.string().optional(),
    promptVersion: z.string(),
    /** Tokens the judge's calls used (zero for a cached result, as the agent's): not in `session.usage`. */
    usage: UsageSchema.optional(),
    /** What the judge's calls cost, in US dollars, when priced: not in `session.costUsd`. */
    costUsd: z.number().nonnegative().optional(),
    /** The judge's remarks on the criteria themselves (weak, unverifiable, redundant, missing), when it made any. */
    feedback: JudgeFeedbackSchema.optional(),
  }),
);

/** For a cached result: the execution it was reused from and what that cost (this result counts zero). */
const CachedFromSchema = lazySchema(() =>
  z.object({
    /** Execution id in the run that produced the result. */
    executionId: z.string(),
    /** That run's directory, when known. */
    runDir: z.string().optional(),
    startedAt: z.string(),
    durationMs: z.number().nonnegative(),
    /** Tokens the original execution used. */
    usage: UsageSchema,
    /** What the original execution cost, in US dollars. */
    costUsd: z.number().nonnegative().optional(),
  }),
);

/**
 * What the attempts before the last spent, when the execution was retried: counted in the run's totals with the last
 * attempt's `session.usage` and `judge.usage` (zero for a cached result).
 */
const EarlierAttemptsSchema = lazySchema(() =>
  z.object({
    /** The agent's tokens over the earlier attempts. */
    usage: UsageSchema,
    /** The agent's cost over the earlier attempts, in US dollars. */
    costUsd: z.number().nonnegative().default(0),
    /** The judge's tokens and cost over the earlier attempts. */
    judge: z.object({ usage: UsageSchema, costUsd: z.number().nonnegative().default(0) }).optional(),
  }),
);

/** One execution: case × variant × engine × run. */
export const CaseResultSchema = lazySchema(() =>
  z.object({
    /** Stable id of the execution within the run. */
    executionId: z.string(),
    /** Suite id (eval file path relative to the working directory). */
    suiteId: z.string(),
    caseId: z.string(),
    caseName: z.string(),
    kind: z.enum(['task', 'trigger']),
    /** The case's tags, for filtering reports. */
    tags: z.array(z.string()).optional(),
    /** `with_skill`, `without_skill`, or a named variant. */
    variant: z.string(),
    /** Engine plugin id. */
    engine: z.string(),
    /** Version of the engine's program or SDK (`2.1.330` for claude). */
    engineVersion: z.string().optional(),
    /** Version of the engine plugin package. */
    enginePackageVersion: z.string().optional(),
    /** Version of skill-eval that produced the result. */
    harnessVersion: z.string().optional(),
    model: z.string().optional(),
    /** 1-based run number among the case's repeats. */
    run: z.number().int().positive(),
    status: ResultStatusSchema,
    /** Weighted score 0..1. */
    score: z.number().min(0).max(1),
    /** Every check's verdict. */
    checks: z.array(CheckVerdictSchema),
    /** Trigger cases: whether the skill fired in this run, by the run's detection mode. */
    triggered: z.boolean().optional(),
    /** Trigger cases: how firing was detected (`any-tool` anywhere in the run, or `first-tool`); rates differ by mode. */
    triggerDetection: z.enum(['any-tool', 'first-tool']).optional(),
    /** Routing cases: the skill that should have fired first, the one that did (null: none), and the skills staged. */
    routing: RouteTakenSchema.optional(),
    /** What the engine returned, without the event list. */
    session: SessionSummarySchema.optional(),
    /**
     * What went oddly around an execution that returned no session (a teardown that failed after a failed setup,
     * artifacts not collected); one that did has them in `session.warnings`. A plain string (an older run's) is read as
     * kind `workspace`, the kind of most of these.
     */
    warnings: warningListSchema('workspace').optional(),
    /** Path of the normalised transcript (Session JSON), relative to the run directory. */
    transcriptFile: z.string().optional(),
    /** Judge model and prompt version, when a judge graded this execution. */
    judge: ResultJudgeSchema.optional(),
    /** Reused from an earlier run. */
    cached: z.boolean().default(false),
    /** For a cached result: the execution it was reused from and what that cost (this result counts zero). */
    cachedFrom: CachedFromSchema.optional(),
    /** Attempts made, when the execution was retried (timeout or error); the result is the last attempt's. */
    attempts: z.number().int().positive().optional(),
    /**
     * What the attempts before the last spent, when the execution was retried: counted in the run's totals with the last
     * attempt's `session.usage` and `judge.usage` (zero for a cached result).
     */
    earlierAttempts: EarlierAttemptsSchema.optional(),
    /** Why the execution is `error`. */
    error: z.object({ code: z.string(), message: z.string() }).optional(),
    /** Where the execution ran, when not in a local folder: the environment, its image, the sandbox's id, its start time. */
    sandbox: SandboxInfoSchema.optional(),
    /** How the workspace was prepared and what was copied out of it. */
    workspace: z
      .object({
        /** How directory fixtures were staged: an overlayfs mount, reflinks (copy-on-write), or a plain copy. */
        staging: z.enum(['overlay', 'reflink', 'copy']).optional(),
        /** Files collected by the case's artifact globs, relative to the run directory. */
        collected: z.array(z.string()).optional(),
      })
      .optional(),
    startedAt: z.string(),
    durationMs: z.number().nonnegative(),
  }),
);
export type CaseResult = z.infer<typeof CaseResultSchema>;

/** Every warning of an execution: its session's, or the result's own when it returned no session. */
export const resultWarnings = (result: Pick<CaseResult, 'session' | 'warnings'>): Warning[] => [
  ...(result.session?.warnings ?? []),
  ...(result.warnings ?? []),
];

/** Mean and sample standard deviation (n − 1; 0 for one value) of a measure over a case's runs. */
export const SpreadSchema = lazySchema(() =>
  z.object({
    mean: z.number(),
    stddev: z.number().nonnegative(),
  }),
);
export type Spread = z.infer<typeof SpreadSchema>;

/** A case's verdict over all its runs on one engine and variant. */
export const CaseOutcomeSchema = lazySchema(() =>
  z.object({
    suiteId: z.string(),
    caseId: z.string(),
    caseName: z.string(),
    kind: z.enum(['task', 'trigger']),
    engine: z.string(),
    variant: z.string(),
    /** Executions of the case (its repeats). */
    runs: z.number().int().nonnegative(),
    passed: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    errors: z.number().int().nonnegative(),
    skipped: z.number().int().nonnegative(),
    /** Passed runs over graded (not skipped) runs. */
    passRate: z.number().min(0).max(1),
    /** Mean score over graded runs. */
    meanScore: z.number().min(0).max(1),
    /**
     * The case's verdict: `error` when any run errored, `skipped` when every run was skipped; a trigger case passes
     * on its trigger rate, a task case when every graded run passed.
     */
    status: ResultStatusSchema,
    /** Trigger cases: how often the skill fired and the rule that decided. */
    trigger: z
      .object({
        shouldTrigger: z.boolean(),
        /** Runs in which the skill fired. */
        triggers: z.number().int().nonnegative(),
        /** triggers / runs that completed (not errored or skipped), 3 decimals. */
        rate: z.number().min(0).max(1),
        /** Should trigger: rate ≥ threshold passes; should not: rate < threshold passes. */
        threshold: z.number().min(0).max(1),
        /**
         * Routing cases: the skill the query should go to (null: none). `triggers` then counts the runs routed there and
         * `shouldTrigger` is true: the rate of right routes must reach the threshold.
         */
        route: z.string().nullable().optional(),
      })
      .optional(),
    /** k of pass@k and pass^k: the graded (not skipped) runs. */
    k: z.number().int().nonnegative().optional(),
    /** pass@k: 1 when at least one of the k runs passed, else 0. */
    passAtK: z.number().min(0).max(1).optional(),
    /** pass^k: 1 when all k runs passed, else 0. */
    passHatK: z.number().min(0).max(1).optional(),
    /** Some runs passed and others failed (errored runs aside). */
    flaky: z.boolean().optional(),
    /** Score over graded runs. */
    score: SpreadSchema.optional(),
    /** Wall time of an execution, in ms, over graded runs. */
    durationMs: SpreadSchema.optional(),
    /** Tokens (input + output + cache read/write) of an execution, over runs that returned a session. */
    tokens: SpreadSchema.optional(),
  }),
);
export type CaseOutcome = z.infer<typeof CaseOutcomeSchema>;

/** One variant's side of a benchmark comparison. */
/**
 * One measure over a side's fresh executions: sample standard deviation (n − 1, 0 with one execution), min and max — as
 * skill-creator's aggregate_benchmark.py `calculate_stats` (anthropics/skills@9d2f1ae, scripts/aggregate_benchmark.py
 * lines 45–64), unrounded.
 */
export const BenchmarkSpreadSchema = lazySchema(() =>
  z.object({
    sd: z.number().nonnegative(),
    min: z.number(),
    max: z.number(),
  }),
);
export type BenchmarkSpread = z.infer<typeof BenchmarkSpreadSchema>;

export const BenchmarkSideSchema = lazySchema(() =>
  z.object({
    variant: z.string(),
    /** Executions compared (graded, not skipped). */
    executions: z.number().int().nonnegative(),
    /** Passed over graded executions. */
    passRate: z.number().min(0).max(1),
    /** Mean wall time of a fresh (not cached) execution, in ms; 0 when every one was cached. */
    meanDurationMs: z.number().nonnegative(),
    /** Mean tokens (input + output + cache read/write) of a fresh (not cached) execution. */
    meanTokens: z.number().nonnegative(),
    /** Executions reused from the cache: in the pass rate, left out of the mean time and tokens (they spent nothing). */
    cached: z.number().int().nonnegative().optional(),
    /** Trigger cases: the share of completed executions in which the skill fired. */
    triggerRate: z.number().min(0).max(1).optional(),
    /** Fresh (not cached) executions the means are over; absent in summaries written before it was recorded. */
    measured: z.number().int().nonnegative().optional(),
    /** Mean agent turns (model round trips) of a fresh execution. */
    meanTurns: z.number().nonnegative().optional(),
    /** Mean tool calls of a fresh execution. */
    meanToolCalls: z.number().nonnegative().optional(),
    /** Mean cost in US dollars of a fresh execution the engine priced; absent when none was priced. */
    meanCostUsd: z.number().nonnegative().optional(),
    /** How each measure spread over the fresh executions (repeats, and the cases pooled overall). */
    spread: z
      .object({
        durationMs: BenchmarkSpreadSchema,
        tokens: BenchmarkSpreadSchema,
        turns: BenchmarkSpreadSchema,
        toolCalls: BenchmarkSpreadSchema,
        costUsd: BenchmarkSpreadSchema.optional(),
      })
      .optional(),
  }),
);
export type BenchmarkSide = z.infer<typeof BenchmarkSideSchema>;

/** The skill against what it is compared with: both sides and their deltas (skill − other). */
export const BenchmarkComparisonSchema = lazySchema(() =>
  z.object({
    withSkill: BenchmarkSideSchema,
    /** `without_skill`, or `baseline` (an older version of the skill). */
    other: BenchmarkSideSchema,
    delta: z.object({
      passRate: z.number(),
      /** Absent when either side has no fresh (not cached) execution to time. */
      durationMs: z.number().optional(),
      /** Absent when either side has no fresh (not cached) execution to count. */
      tokens: z.number().optional(),
      /** Trigger cases: the difference of the sides' trigger rates. */
      triggerRate: z.number().optional(),
      /** Mean turns, skill − other; absent when either side has no fresh execution (or in older summaries). */
      turns: z.number().optional(),
      /** Mean tool calls, skill − other; absent as `turns`. */
      toolCalls: z.number().optional(),
      /** Mean cost in US dollars, skill − other; absent when either side has no priced fresh execution. */
      costUsd: z.number().optional(),
      /**
       * The spread of each mean delta over the repeats: the standard error of a difference of two means,
       * √(sd²ₛₖᵢₗₗ/nₛₖᵢₗₗ + sd²ₒₜₕₑᵣ/nₒₜₕₑᵣ) — 0 when each side ran once. Present with the deltas it spreads.
       */
      spread: z
        .object({
          durationMs: z.number().nonnegative(),
          tokens: z.number().nonnegative(),
          turns: z.number().nonnegative(),
          toolCalls: z.number().nonnegative(),
          costUsd: z.number().nonnegative().optional(),
        })
        .optional(),
    }),
  }),
);
export type BenchmarkComparison = z.infer<typeof BenchmarkComparisonSchema>;

/** Benchmark mode: the skill against no skill (or a baseline version), per case × engine and overall. */
export const BenchmarkSummarySchema = lazySchema(() =>
  z.object({
    /** The variant the skill is compared with: `without_skill` or `baseline`. */
    against: z.string(),
    /** Directory of the baseline skill, for `baseline`. */
    baselineSkill: z.string().optional(),
    cases: z.array(
      BenchmarkComparisonSchema.extend({
        suiteId: z.string(),
        caseId: z.string(),
        caseName: z.string(),
        engine: z.string(),
        /** A trigger case: whether the skill should fire. Its sides carry `triggerRate`, and it is not in `overall`. */
        shouldTrigger: z.boolean().optional(),
      }),
    ),
    /** Over every execution of the compared task cases (of every case when all are trigger cases). */
    overall: BenchmarkComparisonSchema,
    /** The trigger cases pooled: how often the skill fired in each arm, where it should and where it should not. */
    triggers: z
      .object({
        shouldTrigger: BenchmarkComparisonSchema.optional(),
        shouldNotTrigger: BenchmarkComparisonSchema.optional(),
      })
      .optional(),
  }),
);
export type BenchmarkSummary = z.infer<typeof BenchmarkSummarySchema>;

/** Totals of a run, written to summary.json. */
export const RunSummarySchema = lazySchema(() =>
  z.object({
    runId: z.string(),
    /** Directory holding results.jsonl and summary.json. */
    outDir: z.string(),
    startedAt: z.string(),
    finishedAt: z.string(),
    durationMs: z.number().nonnegative(),
    /** The run was stopped before every execution finished. */
    interrupted: z.boolean().default(false),
    /** This run is one part of a split run (`--shard index/count`); `skill-eval merge` joins the parts. */
    shard: z.object({ index: z.number().int().positive(), count: z.number().int().positive() }).optional(),
    /** Run directories this run was merged from (`skill-eval merge`). */
    mergedFrom: z.array(z.string()).optional(),
    /**
     * Files of the run directory that something other than skill-eval (an agent) changed, added or removed while the
     * run ran, relative to it: skill-eval removed them, and wrote results.jsonl and run.json again from its own copy.
     */
    tampered: z.array(z.string()).optional(),
    totals: z.object({
      executions: z.number().int().nonnegative(),
      passed: z.number().int().nonnegative(),
      failed: z.number().int().nonnegative(),
      errors: z.number().int().nonnegative(),
      skipped: z.number().int().nonnegative(),
      usage: UsageSchema,
      costUsd: z.number().nonnegative(),
      /** What the judge's calls used and cost, apart from the agents' `usage` and `costUsd`; when a judge was called. */
      judge: z.object({ usage: UsageSchema, costUsd: z.number().nonnegative() }).optional(),
    }),
    /**
     * Case verdicts over their runs, per case × engine × variant; the exit status is read from them. A benchmark's
     * without_skill trigger cases are left out: the skill is not there to fire, so their rate is information.
     */
    caseTotals: z
      .object({
        cases: z.number().int().nonnegative(),
        passed: z.number().int().nonnegative(),
        failed: z.number().int().nonnegative(),
        errors: z.number().int().nonnegative(),
        skipped: z.number().int().nonnegative(),
      })
      .default({ cases: 0, passed: 0, failed: 0, errors: 0, skipped: 0 }),
    /** Each case's verdict over its runs, in plan order. */
    cases: z.array(CaseOutcomeSchema).default([]),
    /** Benchmark mode (`--benchmark`, `--baseline`, skill-up `benchmark.enabled`): the skill's effect. */
    benchmark: BenchmarkSummarySchema.optional(),
    /**
     * A three-arm run (`--benchmark --baseline`): the comparisons beyond `benchmark` (which is against the baseline
     * skill), that is the skill against no skill.
     */
    otherBenchmarks: z.array(BenchmarkSummarySchema).optional(),
    /** Routing cases: per engine × variant, which skill each query went to against the one it should (routing-summary.ts). */
    routing: z.array(RoutingSummarySchema).optional(),
    /** Same totals per engine × variant. */
    groups: z.array(
      z.object({
        engine: z.string(),
        variant: z.string(),
        executions: z.number().int().nonnegative(),
        passed: z.number().int().nonnegative(),
        failed: z.number().int().nonnegative(),
        errors: z.number().int().nonnegative(),
        passRate: z.number().min(0).max(1),
        costUsd: z.number().nonnegative(),
        durationMs: z.number().nonnegative(),
        usage: UsageSchema,
      }),
    ),
  }),
);
export type RunSummary = z.infer<typeof RunSummarySchema>;
