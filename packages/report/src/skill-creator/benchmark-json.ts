import { type CaseOutcome, type CaseResult, totalTokens } from '@skill-eval/core';
import { efficiencyVerdict } from '../benchmark-verdict.js';
import type { RunPlacement } from './eval-layout.js';
import type { SkillCreatorFlavor } from './flavor.js';
import { expectationsOf } from './grading-json.js';
import { calculateStats, round, signed } from './stats.js';

/** What benchmark.json's `metadata` says that the results do not. */
export interface BenchmarkMetadata {
  skillName?: string;
  skillPath?: string;
  /** When the run started (ISO). */
  timestamp?: string;
}

/** Configurations in the order the delta reads them: the skill first, then what it is compared with. */
const ORDER = ['with_skill', 'without_skill', 'old_skill'];
const rank = (config: string) => {
  const i = ORDER.indexOf(config);
  return i === -1 ? ORDER.length : i;
};

const distinct = (values: readonly (string | undefined)[]): string =>
  [...new Set(values.filter((v): v is string => Boolean(v)))].join(', ');

/** The note of a run reused from the cache, which also keeps it out of run_summary's time and tokens. */
const CACHED_NOTE =
  'Reused from the cache: no time or tokens spent, so left out of run_summary time_seconds and tokens.';

type Means = Record<string, { pass_rate: number; time_seconds: number; tokens: number }>;

/**
 * benchmark.json's `notes` are the analyzer's freeform observations (references/schemas.md lines 279–283 and 303 at
 * anthropics/skills@9d2f1ae, e.g. "Skill adds 13s average execution time but improves pass rate by 50%"): the skill's
 * efficiency against the other configuration — `with_skill against without_skill: same pass rate, 38% fewer tokens,
 * 20% faster` — or why time and tokens were not compared.
 */
function efficiencyNotes(
  first: string | undefined,
  second: string | undefined,
  means: Means,
  unmeasured: readonly string[],
  delta: { pass_rate: number; time_seconds: number; tokens: number } | undefined,
): string[] {
  if (!first || !second) return [];
  if (!delta) {
    return unmeasured.map(
      (config) =>
        `${config}: every run was reused from the cache, so time_seconds and tokens are not compared (left out of delta); --no-cache measures them.`,
    );
  }
  const a = means[first]!;
  const b = means[second]!;
  const verdict = efficiencyVerdict({
    withSkill: {
      variant: first,
      executions: 0,
      passRate: a.pass_rate,
      meanDurationMs: a.time_seconds * 1000,
      meanTokens: a.tokens,
    },
    other: {
      variant: second,
      executions: 0,
      passRate: b.pass_rate,
      meanDurationMs: b.time_seconds * 1000,
      meanTokens: b.tokens,
    },
    delta: { passRate: delta.pass_rate, durationMs: delta.time_seconds * 1000, tokens: delta.tokens },
  });
  return verdict ? [`${first} against ${second}: ${verdict.text} (means of the runs not reused from the cache).`] : [];
}

type PlacedRun = {
  configuration: string;
  notes: string[];
  result: { pass_rate: number; time_seconds: number; tokens: number };
};

/**
 * run_summary — each configuration's pass_rate over every run, its time_seconds and tokens over the runs not reused
 * from the cache, and the delta of the first configuration against the second — and the efficiency notes.
 */
function runSummaryOf(
  runs: readonly PlacedRun[],
  configs: readonly string[],
  flavor: SkillCreatorFlavor,
): { runSummary: Record<string, unknown>; notes: string[] } {
  const runSummary: Record<string, unknown> = {};
  const means: Means = {};
  const freshRuns: Record<string, number> = {};
  for (const config of configs) {
    const of = runs.filter((r) => r.configuration === config);
    // A cached run took no time and spent nothing: its verdict counts, its time and tokens would only drag the means.
    const fresh = of.filter((r) => !r.notes.includes(CACHED_NOTE));
    freshRuns[config] = fresh.length;
    const stats = {
      pass_rate: calculateStats(of.map((r) => r.result.pass_rate)),
      time_seconds: calculateStats(fresh.map((r) => r.result.time_seconds)),
      tokens: calculateStats(fresh.map((r) => r.result.tokens)),
    };
    runSummary[config] = stats;
    means[config] = {
      pass_rate: stats.pass_rate.mean,
      time_seconds: stats.time_seconds.mean,
      tokens: stats.tokens.mean,
    };
  }
  // As aggregate_benchmark.py: the first configuration against the second, or against nothing when alone.
  const zero = { pass_rate: 0, time_seconds: 0, tokens: 0 };
  const [first, second] = configs;
  const primary = means[first ?? ''] ?? zero;
  const other = means[second ?? ''] ?? zero;
  const d = {
    pass_rate: primary.pass_rate - other.pass_rate,
    time_seconds: primary.time_seconds - other.time_seconds,
    tokens: primary.tokens - other.tokens,
  };
  // A configuration whose every run came from the cache has no time or tokens: a delta against its zeros would be a
  // made-up saving, so time_seconds and tokens are left out of the delta, which skill-creator's viewer shows as `—`
  // (eval-viewer/viewer.html lines 1179 and 1187 at anthropics/skills@9d2f1ae; generate_markdown reads them with a
  // `—` default, scripts/aggregate_benchmark.py lines 318 and 323).
  const unmeasured = configs.slice(0, 2).filter((c) => freshRuns[c] === 0);
  const timed = unmeasured.length === 0;
  runSummary.delta =
    flavor === 'agentskills'
      ? {
          pass_rate: round(d.pass_rate, 2),
          ...(timed ? { time_seconds: round(d.time_seconds, 1), tokens: Math.round(d.tokens) } : {}),
        }
      : {
          pass_rate: signed(d.pass_rate, 2),
          ...(timed ? { time_seconds: signed(d.time_seconds, 1), tokens: signed(d.tokens, 0) } : {}),
        };
  const notes = efficiencyNotes(first, second, means, unmeasured, timed ? d : undefined);
  return { runSummary, notes };
}

/**
 * benchmark.json of one iteration, as skill-creator's aggregate_benchmark.py writes it: per-run results, per
 * configuration statistics and the delta of the skill against the other configuration (with_skill − without_skill,
 * or with_skill − old_skill). skill-creator writes the delta as signed strings; agentskills.io as numbers.
 */
export function benchmarkJson(
  results: readonly CaseResult[],
  placements: ReadonlyMap<string, RunPlacement>,
  flavor: SkillCreatorFlavor,
  options: { metadata?: BenchmarkMetadata; outcomes?: readonly CaseOutcome[] } = {},
): Record<string, unknown> {
  const outcomeOf = (r: CaseResult) =>
    options.outcomes?.find(
      (o) => o.suiteId === r.suiteId && o.caseId === r.caseId && o.engine === r.engine && o.variant === r.variant,
    );
  const placed = results
    .flatMap((r) => {
      const p = placements.get(r.executionId);
      return p ? [{ r, p }] : [];
    })
    .sort(
      (a, b) =>
        a.p.eval.evalId - b.p.eval.evalId || rank(a.p.configuration) - rank(b.p.configuration) || a.r.run - b.r.run,
    );
  const runs = placed.map(({ r, p }) => {
    const expectations = expectationsOf(r, outcomeOf(r));
    const passed = expectations.filter((e) => e.passed).length;
    return {
      eval_id: p.eval.evalId,
      eval_name: p.eval.evalName,
      configuration: p.configuration,
      run_number: r.run,
      result: {
        pass_rate: expectations.length ? round(passed / expectations.length, 4) : 0,
        passed,
        failed: expectations.length - passed,
        total: expectations.length,
        time_seconds: round(r.durationMs / 1000, 3),
        tokens: r.session ? totalTokens(r.session.usage) : 0,
        tool_calls: r.session?.toolCalls.length ?? 0,
        errors: (r.session?.toolCalls.filter((c) => c.isError).length ?? 0) + (r.status === 'error' ? 1 : 0),
      },
      [flavor === 'agentskills' ? 'assertion_results' : 'expectations']: expectations,
      notes: [...(r.error ? [`${r.error.code}: ${r.error.message}`] : []), ...(r.cached ? [CACHED_NOTE] : [])],
    };
  });
  const configs = [...new Set(runs.map((r) => r.configuration))].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
  const { runSummary, notes } = runSummaryOf(runs, configs, flavor);
  const perConfig = new Map<string, number>();
  for (const r of runs) {
    const k = JSON.stringify([r.eval_id, r.configuration]);
    perConfig.set(k, (perConfig.get(k) ?? 0) + 1);
  }
  const earliest = results.map((r) => r.startedAt).sort()[0];
  const timestamp = options.metadata?.timestamp ?? earliest ?? new Date().toISOString();
  return {
    metadata: {
      skill_name: options.metadata?.skillName ?? '',
      skill_path: options.metadata?.skillPath ?? '',
      executor_model:
        distinct(results.map((r) => r.model ?? r.session?.model)) || distinct(results.map((r) => r.engine)),
      analyzer_model: distinct(results.map((r) => r.judge?.model ?? r.judge?.engine)),
      timestamp: timestamp.replace(/\.\d+Z$/, 'Z'),
      evals_run: [...new Set(runs.map((r) => r.eval_id))].sort((a, b) => a - b),
      runs_per_configuration: Math.max(0, ...perConfig.values()),
    },
    runs,
    run_summary: runSummary,
    notes,
  };
}
