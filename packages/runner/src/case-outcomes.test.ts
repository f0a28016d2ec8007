import { type CaseInput, type CaseResult, CaseSchema } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { caseOutcomes } from './case-outcomes.js';

const triggerCase = (input: Partial<CaseInput> = {}) =>
  CaseSchema.parse({
    id: 'q1',
    name: 'q1',
    kind: 'trigger',
    turns: ['make me a pirate greeting'],
    shouldTrigger: true,
    source: { file: 'triggers.json', format: 'triggers-json' },
    ...input,
  });

function run(n: number, status: CaseResult['status'], extra: Partial<CaseResult> = {}): CaseResult {
  return {
    executionId: `e${n}`,
    suiteId: 's',
    caseId: 'q1',
    caseName: 'q1',
    kind: 'trigger',
    variant: 'with_skill',
    engine: 'claude-code',
    run: n,
    status,
    score: status === 'passed' ? 1 : 0,
    checks: [],
    cached: false,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 10,
    ...extra,
  };
}

const fired = (n: number, yes: boolean, shouldTrigger = true) =>
  run(n, yes === shouldTrigger ? 'passed' : 'failed', { triggered: yes });

describe('caseOutcomes: trigger rate', () => {
  it.each<[string, boolean[], boolean, number | undefined, number, 'passed' | 'failed']>([
    ['2 of 3 fire, should trigger', [true, true, false], true, undefined, 0.667, 'passed'],
    ['1 of 3 fire, should trigger', [true, false, false], true, undefined, 0.333, 'failed'],
    ['exactly the threshold passes a should-trigger case', [true, false], true, undefined, 0.5, 'passed'],
    ['1 of 3 fire, should not trigger', [true, false, false], false, undefined, 0.333, 'passed'],
    ['exactly the threshold fails a should-not case', [true, false], false, undefined, 0.5, 'failed'],
    ['own threshold', [true, true, false], true, 0.8, 0.667, 'failed'],
    ['never fires, should not', [false, false, false], false, undefined, 0, 'passed'],
  ])('%s', (_, runs, shouldTrigger, threshold, rate, status) => {
    const testCase = triggerCase({
      shouldTrigger,
      ...(threshold === undefined ? {} : { triggerThreshold: threshold }),
    });
    const results = runs.map((yes, i) => fired(i + 1, yes, shouldTrigger));
    const [outcome] = caseOutcomes(results, () => testCase);
    expect(outcome).toMatchObject({
      runs: runs.length,
      status,
      trigger: { shouldTrigger, triggers: runs.filter(Boolean).length, rate, threshold: threshold ?? 0.5 },
    });
  });

  it('an errored run makes the case error, not a rate over fewer runs', () => {
    const [outcome] = caseOutcomes([fired(1, true), fired(2, true), run(3, 'error')], () => triggerCase());
    expect(outcome).toMatchObject({ status: 'error', errors: 1, trigger: { triggers: 2, rate: 1 } });
  });

  it.each([true, false])('runs whose agent gave no answer fail the case either way (should trigger: %s)', (should) => {
    // Such a run is failed and records no `triggered`: it counts as going the wrong way.
    const silent = [1, 2, 3].map((n) => run(n, 'failed'));
    const [outcome] = caseOutcomes(silent, () => triggerCase({ shouldTrigger: should }));
    expect(outcome).toMatchObject({ status: 'failed', trigger: { rate: should ? 0 : 1 } });
  });

  it('results without `triggered` count a passing run as fired when the skill should fire', () => {
    const [outcome] = caseOutcomes([run(1, 'passed'), run(2, 'failed')], () => triggerCase({ shouldTrigger: false }));
    expect(outcome!.trigger).toMatchObject({ triggers: 1, rate: 0.5 });
  });
});

describe('caseOutcomes: grouping and task cases', () => {
  const task = (n: number, status: CaseResult['status'], extra: Partial<CaseResult> = {}) =>
    run(n, status, { kind: 'task', caseId: 'c', caseName: 'c', ...extra });

  it('one outcome per case × engine × variant, in order of first result', () => {
    const outcomes = caseOutcomes(
      [
        task(1, 'passed'),
        task(1, 'failed', { engine: 'codex' }),
        task(2, 'passed'),
        task(1, 'passed', { variant: 'without_skill' }),
      ],
      () => undefined,
    );
    expect(outcomes.map((o) => [o.engine, o.variant, o.runs, o.status])).toEqual([
      ['claude-code', 'with_skill', 2, 'passed'],
      ['codex', 'with_skill', 1, 'failed'],
      ['claude-code', 'without_skill', 1, 'passed'],
    ]);
  });

  it.each<[string, CaseResult['status'][], CaseResult['status'], number]>([
    ['every run passed', ['passed', 'passed'], 'passed', 1],
    ['a failed run fails the case', ['passed', 'failed', 'passed'], 'failed', 2 / 3],
    ['an errored run makes it error', ['passed', 'error'], 'error', 0.5],
    ['skipped runs do not count', ['passed', 'skipped'], 'passed', 1],
    ['all skipped', ['skipped'], 'skipped', 0],
  ])('%s', (_, statuses, status, passRate) => {
    const [outcome] = caseOutcomes(
      statuses.map((s, i) => task(i + 1, s)),
      () => undefined,
    );
    expect(outcome!.status).toBe(status);
    expect(outcome!.passRate).toBeCloseTo(passRate, 9);
    expect(outcome!.trigger).toBeUndefined();
  });

  it('carries the repeat statistics of its own runs only', () => {
    const outcomes = caseOutcomes(
      [task(1, 'passed'), task(2, 'failed'), task(3, 'passed'), task(1, 'passed', { variant: 'without_skill' })],
      () => undefined,
    );
    expect(outcomes[0]).toMatchObject({ k: 3, passAtK: 1, passHatK: 0, flaky: true });
    expect(outcomes[0]!.score!.mean).toBeCloseTo(2 / 3, 9);
    expect(outcomes[1]).toMatchObject({ k: 1, passAtK: 1, passHatK: 1, flaky: false, score: { mean: 1, stddev: 0 } });
  });
});
