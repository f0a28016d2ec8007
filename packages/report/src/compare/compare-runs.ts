import { type CaseResult, totalTokens } from '@skill-eval/core';
import { type CaseGroup, caseGroups } from '../github/case-groups.js';
import type { RunRecord } from '../run-dir/read-run-dir.js';

/** A case on one engine and variant, in one run. */
export interface CaseSide {
  status: CaseResult['status'];
  runs: number;
  /** Passed over graded (not skipped) runs. */
  passRate: number;
  /** Mean score over graded runs. */
  meanScore: number;
  /** Mean tokens of a run. */
  tokens: number;
  /** Cost of all its runs, in US dollars. */
  costUsd: number;
}

export type ChangeKind = 'newly-failing' | 'newly-passing' | 'changed' | 'added' | 'removed';

/** What changed for one case × engine × variant between two runs. */
export interface CaseChange {
  kind: ChangeKind;
  suiteId: string;
  caseId: string;
  caseName: string;
  engine: string;
  variant: string;
  before?: CaseSide;
  after?: CaseSide;
  /**
   * after − before. A case in one run only has no pass-rate delta (a new case that passed half its runs did not
   * gain 50 points); its tokens and cost count the missing side as zero, as they add to or leave the run's totals.
   */
  delta: { passRate?: number; tokens: number; costUsd: number };
}

/** Both runs' totals and the cases that changed, newly failing first, then newly passing, then the rest. */
export interface RunComparison {
  before: { runDir: string; executions: number; passRate: number; tokens: number; costUsd: number };
  after: { runDir: string; executions: number; passRate: number; tokens: number; costUsd: number };
  changes: CaseChange[];
  /** Cases present in both runs with the same verdict, pass rate and score. */
  unchanged: number;
}

const mean = (values: readonly number[]) => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0);
const tokensOf = (r: CaseResult) => (r.session ? totalTokens(r.session.usage) : 0);
const costOf = (r: CaseResult) => r.session?.costUsd ?? 0;
const passing = (s?: CaseSide) => s?.status === 'passed';
const failing = (s?: CaseSide) => s?.status === 'failed' || s?.status === 'error';

function side(group: CaseGroup): CaseSide {
  const graded = group.runs.filter((r) => r.status !== 'skipped');
  return {
    status: group.status,
    runs: group.runs.length,
    passRate: graded.length ? graded.filter((r) => r.status === 'passed').length / graded.length : 0,
    meanScore: mean(graded.map((r) => r.score)),
    tokens: mean(group.runs.map(tokensOf)),
    costUsd: group.runs.reduce((s, r) => s + costOf(r), 0),
  };
}

function kindOf(before?: CaseSide, after?: CaseSide): ChangeKind | undefined {
  if (!before) return 'added';
  if (!after) return 'removed';
  if (failing(after) && !failing(before)) return 'newly-failing';
  if (passing(after) && !passing(before)) return 'newly-passing';
  const same =
    before.status === after.status &&
    Math.abs(before.passRate - after.passRate) < 1e-9 &&
    Math.abs(before.meanScore - after.meanScore) < 5e-4;
  return same ? undefined : 'changed';
}

function totals(record: RunRecord) {
  const graded = record.results.filter((r) => r.status !== 'skipped');
  return {
    runDir: record.runDir,
    executions: record.results.length,
    passRate: graded.length ? graded.filter((r) => r.status === 'passed').length / graded.length : 0,
    tokens: record.results.reduce((s, r) => s + tokensOf(r), 0),
    costUsd: record.results.reduce((s, r) => s + costOf(r), 0),
  };
}

const ORDER: ChangeKind[] = ['newly-failing', 'newly-passing', 'changed', 'added', 'removed'];

/** Compares two runs case by case (suite, case, engine, variant); token and cost differences alone are no change. */
export function compareRuns(before: RunRecord, after: RunRecord): RunComparison {
  const key = (g: CaseGroup) => JSON.stringify([g.suiteId, g.caseId, g.engine, g.variant]);
  const a = new Map(caseGroups(before.results, before.summary).map((g) => [key(g), g]));
  const b = new Map(caseGroups(after.results, after.summary).map((g) => [key(g), g]));
  const keys = [...new Set([...b.keys(), ...a.keys()])];
  const changes: CaseChange[] = [];
  let unchanged = 0;
  for (const k of keys) {
    const ga = a.get(k);
    const gb = b.get(k);
    const sa = ga ? side(ga) : undefined;
    const sb = gb ? side(gb) : undefined;
    const kind = kindOf(sa, sb);
    if (!kind) {
      unchanged++;
      continue;
    }
    const g = (gb ?? ga) as CaseGroup;
    changes.push({
      kind,
      suiteId: g.suiteId,
      caseId: g.caseId,
      caseName: g.caseName,
      engine: g.engine,
      variant: g.variant,
      ...(sa ? { before: sa } : {}),
      ...(sb ? { after: sb } : {}),
      delta: {
        ...(sa && sb ? { passRate: sb.passRate - sa.passRate } : {}),
        tokens: (sb?.tokens ?? 0) - (sa?.tokens ?? 0),
        costUsd: (sb?.costUsd ?? 0) - (sa?.costUsd ?? 0),
      },
    });
  }
  // A stable sort keeps the later run's order within each kind.
  changes.sort((x, y) => ORDER.indexOf(x.kind) - ORDER.indexOf(y.kind));
  return { before: totals(before), after: totals(after), changes, unchanged };
}
