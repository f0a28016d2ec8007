import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Case, Engine, Reporter } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { finishesOutsideSlot } from './finishes-outside-slot.js';
import { type RunOptions, runSuites } from './run-suites.js';
import { completed, fakeEngine, sleep } from './test-support/fake-engine.js';
import { makeCase, makeSuite, tempDir } from './test-support/fixtures.js';

const done = [{ type: 'contains' as const, value: 'done' }];

describe('an execution gives its run slot back once its engine has ended', () => {
  let dir: string;
  let cleanup: () => Promise<void>;

  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
    await mkdir(join(dir, 'tmp'));
  });
  afterEach(() => cleanup());

  /** Runs `cases` at -j 1 on `engine`, with these options beside. */
  const runOneByOne = (cases: Case[], engine: Engine, options: Partial<RunOptions>) =>
    runSuites({
      suites: [makeSuite('s.json', cases)],
      engines: [{ id: 'fake', engine }],
      outDir: join(dir, 'out'),
      env: { PATH: process.env.PATH },
      tempDir: join(dir, 'tmp'),
      graceSeconds: 0.2,
      concurrency: 1,
      ...options,
    });

  /**
   * Runs `first` then `second` (with --trust when `trust`), the first's result held back by its reporter until the
   * second's engine has started (or 400 ms have passed): the order in which the two met says whether the first kept
   * its slot.
   */
  async function order(first: Case, second: Case, trust = false): Promise<string[]> {
    const events: string[] = [];
    let secondStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      secondStarted = resolve;
    });
    const { engine } = fakeEngine(async (input) => {
      events.push(`engine ${input.turns[0]}`);
      if (input.turns[0] === second.turns[0]) secondStarted();
      return completed('done');
    });
    const holder: Reporter = {
      onResult: async (result) => {
        if (result.caseId === first.id) await Promise.race([started, sleep(400)]);
        events.push(`result ${result.caseId}`);
      },
    };
    const { results } = await runOneByOne([first, second], engine, { trust, reporters: [holder] });
    expect(results.map((r) => r.status)).toEqual(['passed', 'passed']);
    return events;
  }

  it('graded by checks alone: the next engine starts while its result is still being written', async () => {
    const events = await order(
      makeCase({ id: 'a', turns: ['a'], checks: done }),
      makeCase({ id: 'b', turns: ['b'], checks: done }),
    );
    // The second engine ran before the first result was out; which of the two results is out first is the event loop's.
    expect(events.slice(0, 2)).toEqual(['engine a', 'engine b']);
    expect(events.slice(2).sort()).toEqual(['result a', 'result b']);
  });

  it('an interrupt while it is graded outside its slot keeps its result: its agent had finished', async () => {
    const controller = new AbortController();
    const { engine } = fakeEngine(async () => completed('done'));
    // The second execution starts as the first gives its slot back, before the first is graded: the run is stopped then.
    const stopper: Reporter = {
      onExecutionStart: (planned) => {
        if (planned.caseId === 'b') controller.abort();
      },
    };
    const cases = [makeCase({ id: 'a', checks: done }), makeCase({ id: 'b', checks: done })];
    const { results, summary } = await runOneByOne(cases, engine, { signal: controller.signal, reporters: [stopper] });
    expect(summary.interrupted).toBe(true);
    expect(results.find((r) => r.caseId === 'a')?.status).toBe('passed');
    expect(results.find((r) => r.caseId === 'b')?.error?.code).toBe('INTERRUPTED');
  });

  it('one with a retry policy keeps its slot to the end: it may need it again', async () => {
    const events = await order(
      makeCase({ id: 'a', turns: ['a'], checks: done, retry: { max: 1, on: ['error'] } }),
      makeCase({ id: 'b', turns: ['b'], checks: done }),
    );
    expect(events).toEqual(['engine a', 'result a', 'engine b', 'result b']);
  });

  it('one with teardown steps keeps its slot to the end: they run programs', async () => {
    const first = makeCase({ id: 'a', turns: ['a'], checks: done });
    const events = await order(
      { ...first, workspace: { ...first.workspace, teardown: ['true'] } },
      makeCase({ id: 'b', turns: ['b'], checks: done }),
      true,
    );
    expect(events).toEqual(['engine a', 'result a', 'engine b', 'result b']);
  });
});

describe('finishesOutsideSlot', () => {
  it('only a host execution graded by checks alone, run once, without teardown', () => {
    const plain = makeCase({ id: 'a', checks: done });
    expect(finishesOutsideSlot(plain, false)).toBe(true);
    expect(finishesOutsideSlot(plain, true)).toBe(false);
    const judged = makeCase({ id: 'b', checks: [...done, { type: 'llm-rubric', value: 'is polite' }] });
    expect(finishesOutsideSlot(judged, false)).toBe(false);
    const nested = makeCase({
      id: 'c',
      checks: [{ type: 'assert-set', checks: [{ type: 'model-graded-closedqa', value: 'x' }] }],
    });
    expect(finishesOutsideSlot(nested, false)).toBe(false);
    const scripted = makeCase({ id: 'd', checks: [{ type: 'javascript', value: 'output.length > 0' }] });
    expect(finishesOutsideSlot(scripted, false)).toBe(false);
    expect(finishesOutsideSlot(makeCase({ id: 'e', checks: done, retry: { max: 1, on: ['timeout'] } }), false)).toBe(
      false,
    );
  });
});
