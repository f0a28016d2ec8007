import { type CaseResult, type Warning, warning } from '@skill-eval/core';
import type { TriggerDetection } from '@skill-eval/grading';
import { conformResult } from './conform-result.js';
import type { EngineTarget } from './engine-target.js';
import type { ExecutionContext } from './execution-context.js';
import type { ExecutionWorkspace } from './execution-workspace.js';
import type { PlanItem } from './plan.js';

/** How one execution's result is written, whichever phase ends it. */
export interface ExecutionResult {
  /** The fields every result of this execution carries. */
  base: {
    model: string | undefined;
    engineVersion: string | undefined;
  };
  /**
   * What went oddly before the engine ran (a skill not staged, a kept workspace): the session's warnings, or the
   * result's own when the execution fails before there is a session.
   */
  warnings: Warning[];
  /** The result with these fields, redacted and timed; its workspace is kept when the run keeps failed ones. */
  finish(fields: Partial<CaseResult>): CaseResult;
  /** An `error` result. */
  fail(code: string, message: string, fields?: Partial<CaseResult>): CaseResult;
}

/** Starts the clock of one execution and fixes what its result records whatever happens next. */
export function startResult(
  item: PlanItem<EngineTarget>,
  ctx: ExecutionContext,
  life: ExecutionWorkspace,
  chosen: { model: string | undefined; detection: TriggerDetection | undefined; notes: (string | undefined)[] },
): ExecutionResult {
  const { planned, target, variant, testCase } = item;
  const started = Date.now();
  const base = {
    executionId: planned.executionId,
    suiteId: planned.suiteId,
    caseId: planned.caseId,
    caseName: planned.caseName,
    kind: testCase.kind,
    ...(testCase.tags.length > 0 ? { tags: testCase.tags } : {}),
    variant,
    engine: target.id,
    engineVersion: target.version,
    enginePackageVersion: target.packageVersion,
    harnessVersion: ctx.harnessVersion,
    model: chosen.model ?? target.engine.defaultModel,
    run: planned.run,
    ...(chosen.detection ? { triggerDetection: chosen.detection } : {}),
    // A routing case records where it should go from the start; the session adds where it went.
    ...(testCase.expectedSkill !== undefined
      ? { routing: { expected: testCase.expectedSkill, skills: testCase.skills.map((s) => s.name) } }
      : {}),
    cached: false,
    startedAt: new Date(started).toISOString(),
  };
  const warnings = chosen.notes.flatMap((note) => (note === undefined ? [] : [warning('model', note)]));
  const finish = (fields: Partial<CaseResult>): CaseResult =>
    life.track(
      ctx.redact(
        conformResult({
          status: 'error',
          score: 0,
          checks: [],
          ...base,
          ...fields,
          durationMs: Date.now() - started,
        }),
      ),
    );
  const fail = (code: string, message: string, fields: Partial<CaseResult> = {}) =>
    finish({
      ...(fields.session || warnings.length === 0 ? {} : { warnings: [...warnings] }),
      ...fields,
      status: 'error',
      score: 0,
      error: { code, message },
    });
  return { base, warnings, finish, fail };
}
