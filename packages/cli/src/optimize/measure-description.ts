import { cp, readFile, writeFile } from 'node:fs/promises';
import { basename, join, sep } from 'node:path';
import { type Case, type CaseOutcome, type SkillRef, SuiteSchema } from '@skill-eval/core';
import type { TriggerDetection } from '@skill-eval/grading';
import { caseIndexFromSuites, createCaseIndexReporter } from '@skill-eval/report';
import { type EngineTarget, NOT_PART_OF_A_SKILL, runSuites } from '@skill-eval/runner';
import type { QueryOutcome, SetScore } from './improve-prompt.js';
import type { Measured } from './optimize-loop.js';
import { withDescription } from './skill-description.js';

/** A trigger query of the set being optimised for, and which part of the split it is in. */
export interface SplitQuery {
  query: string;
  shouldTrigger: boolean;
  set: 'train' | 'test';
  /** Where the query was read, for the runs' results. */
  source: Case['source'];
}

/** How every description is measured: the same queries, runs, engine and rule each time. */
export interface MeasureOptions {
  skill: SkillRef;
  queries: readonly SplitQuery[];
  target: EngineTarget;
  /** Where each iteration's skill copy and run directory go. */
  outDir: string;
  runsPerQuery: number;
  threshold: number;
  triggerDetection: TriggerDetection;
  timeoutSeconds: number;
  concurrency: number;
  env: Record<string, string | undefined>;
  cwd: string;
  harnessVersion: string;
  signal?: AbortSignal;
}

/** A copy of the skill with `description` in its SKILL.md, at `<dir>/<skill folder>` (nothing of the run inside). */
async function skillWithDescription(
  skill: SkillRef,
  description: string,
  dir: string,
  outDir: string,
): Promise<SkillRef> {
  const copy = join(dir, basename(skill.dir));
  await cp(skill.dir, copy, {
    recursive: true,
    filter: (src) => !NOT_PART_OF_A_SKILL.has(basename(src)) && src !== outDir && !src.startsWith(outDir + sep),
  });
  const file = join(copy, 'SKILL.md');
  await writeFile(file, withDescription(await readFile(file, 'utf8'), description, join(skill.dir, 'SKILL.md')));
  return { name: skill.name, dir: copy };
}

/** A query's outcome from its case's verdict over its runs. */
function outcomeOf(query: SplitQuery, outcome: CaseOutcome | undefined): QueryOutcome {
  const trigger = outcome?.trigger;
  return {
    query: query.query,
    shouldTrigger: query.shouldTrigger,
    triggers: trigger?.triggers ?? 0,
    runs: (outcome?.passed ?? 0) + (outcome?.failed ?? 0),
    rate: trigger?.rate ?? 0,
    pass: outcome?.status === 'passed',
  };
}

const scoreOf = (queries: QueryOutcome[]): SetScore => ({
  passed: queries.filter((q) => q.pass).length,
  total: queries.length,
  queries,
});

/**
 * Measures a description with real trigger runs: the skill copied with it, every query (training and held-out
 * together, as skill-creator runs them) run `runsPerQuery` times on the engine, and each query's trigger rate judged
 * against the threshold. Each iteration keeps its skill copy and a normal run directory under `outDir`.
 */
export function measureDescription(options: MeasureOptions) {
  return async (description: string, iteration: number): Promise<Measured> => {
    const dir = join(options.outDir, `iteration-${iteration}`);
    const skill = await skillWithDescription(options.skill, description, join(dir, 'skill'), options.outDir);
    const cases = options.queries.map((q, i) => ({
      id: String(i + 1),
      name: q.query,
      kind: 'trigger' as const,
      turns: [q.query],
      shouldTrigger: q.shouldTrigger,
      triggerThreshold: options.threshold,
      checks: [{ type: 'skill-used', value: skill.name, ...(q.shouldTrigger ? {} : { negate: true }) }],
      runs: options.runsPerQuery,
      skills: [skill],
      source: q.source,
    }));
    const suite = SuiteSchema.parse({
      id: `optimize-description/${skill.name}/iteration-${iteration}`,
      name: skill.name,
      file: options.queries[0]!.source.file,
      format: options.queries[0]!.source.format,
      skill,
      cases,
    });
    const runDir = join(dir, 'run');
    const { summary } = await runSuites({
      suites: [suite],
      engines: [options.target],
      outDir: runDir,
      variants: ['with_skill'],
      concurrency: options.concurrency,
      timeoutSeconds: options.timeoutSeconds,
      triggerDetection: options.triggerDetection,
      env: options.env,
      harnessVersion: options.harnessVersion,
      reporters: [createCaseIndexReporter(caseIndexFromSuites([suite], options.cwd))],
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const byId = new Map(summary.cases.map((c) => [c.caseId, c]));
    const outcomes = options.queries.map((q, i) => ({ set: q.set, outcome: outcomeOf(q, byId.get(String(i + 1))) }));
    const part = (set: SplitQuery['set']) => scoreOf(outcomes.filter((o) => o.set === set).map((o) => o.outcome));
    const hasTest = options.queries.some((q) => q.set === 'test');
    return {
      train: part('train'),
      ...(hasTest ? { test: part('test') } : {}),
      usage: summary.totals.usage,
      costUsd: summary.totals.costUsd,
      runDir,
    };
  };
}
