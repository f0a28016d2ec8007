import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { appendFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { type CaseResult, type Engine, SkillEvalError, type Suite } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertRunDirUsable, loadFinishedResults } from './run-dir.js';
import { RUN_LOCK_FILE } from './run-lock.js';
import { readRunManifest } from './run-manifest.js';
import { runSuites } from './run-suites.js';
import { completed, fakeEngine, sleep } from './test-support/fake-engine.js';
import { makeCase, makeSuite, tempDir, useTempDir } from './test-support/fixtures.js';

describe('resuming a run', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let outDir: string;
  const env = { PATH: process.env.PATH };

  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir('run-dir-'));
    outDir = join(dir, 'out');
    await mkdir(join(dir, 'tmp'));
  });
  afterEach(() => cleanup());

  const lines = (): CaseResult[] =>
    readFileSync(join(outDir, 'results.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as CaseResult);

  /** What every run of these tests gives runSuites: the fake engine, the run directory, env and temp folder. */
  const runWith = (engine: Engine) => ({ engines: [{ id: 'fake', engine }], outDir, env, tempDir: join(dir, 'tmp') });

  const suite = (ids: string[]): Suite =>
    makeSuite(
      's.json',
      ids.map((id) => makeCase({ id, turns: [id], checks: [{ type: 'contains', value: 'done' }] })),
    );

  it('runs only the executions without a result, after an interrupt, into the same results.jsonl', async () => {
    const controller = new AbortController();
    const { engine, stats } = fakeEngine(async (input) => {
      if (input.turns[0] === 'q1' || input.turns[0] === 'q2') return completed('done');
      setTimeout(() => controller.abort(), 20);
      await sleep(10_000, input.signal);
      return { ...completed(''), status: 'error', error: { code: 'INTERRUPTED', message: 'aborted' } };
    });
    const ids = ['q1', 'q2', 'slow1', 'slow2', 'later1', 'later2'];
    const options = { ...runWith(engine), suites: [suite(ids)], concurrency: 2, invocation: { paths: ['s.json'] } };
    const first = await runSuites({ ...options, signal: controller.signal });
    expect(first.summary.interrupted).toBe(true);
    expect((await readRunManifest(outDir)).plan).toHaveLength(6);
    expect((await readRunManifest(outDir)).invocation).toEqual({ paths: ['s.json'] });
    const kept = lines().filter((r) => r.error?.code !== 'INTERRUPTED');
    expect(kept.map((r) => r.caseId).sort()).toEqual(['q1', 'q2']);
    // A write cut off by a kill leaves half a line behind.
    await appendFile(join(outDir, 'results.jsonl'), '{"executionId":"s-json--slow1--fake--with_skill--r1","sta');

    const before = stats.inputs.length;
    const { engine: quick, stats: quickStats } = fakeEngine(async () => completed('done'));
    const second = await runSuites({ ...options, engines: [{ id: 'fake', engine: quick }], resume: true });
    expect(stats.inputs.length).toBe(before);
    expect(quickStats.inputs.map((i) => i.turns[0]).sort()).toEqual(['later1', 'later2', 'slow1', 'slow2']);
    expect(second.summary).toMatchObject({ interrupted: false, totals: { executions: 6, passed: 6 } });
    expect(second.results.map((r) => r.caseId)).toEqual(ids);
    const final = lines();
    // Exactly one line per planned execution: the interrupted ones and the cut-off line are gone.
    expect(final.map((r) => r.executionId).sort()).toEqual([...(await readRunManifest(outDir)).plan].sort());
    expect(final.every((r) => r.status === 'passed')).toBe(true);
    const summary = JSON.parse(await readFile(join(outDir, 'summary.json'), 'utf8'));
    expect(summary.totals.executions).toBe(6);
  }, 20_000);

  it('refuses a directory without run.json, and a plan that changed since the run', async () => {
    const { engine } = fakeEngine(async () => completed('done'));
    const options = runWith(engine);
    const missing = runSuites({ ...options, suites: [suite(['a'])], resume: true });
    await expect(missing).rejects.toThrow(SkillEvalError);
    await expect(missing).rejects.toMatchObject({ code: 'USAGE', message: expect.stringMatching(/run\.json/) });

    await runSuites({ ...options, suites: [suite(['a', 'b'])] });
    await expect(runSuites({ ...options, suites: [suite(['a', 'c'])], resume: true })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringMatching(/1 gone, 1 new/),
    });
    // Nothing missing: the resumed run runs nothing and rewrites the summary over every result.
    const again = await runSuites({ ...options, suites: [suite(['a', 'b'])], resume: true });
    expect(again.summary.totals.executions).toBe(2);
    expect(lines()).toHaveLength(2);
  });

  it('refuses to resume a run still running (it would run its executions twice and lose lines), not one killed', async () => {
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const { engine, stats } = fakeEngine(async () => {
      await held;
      return completed('done');
    });
    const options = { ...runWith(engine), suites: [suite(['a', 'b'])] };
    const running = runSuites(options);
    await expect.poll(() => stats.inputs.length).toBe(2);
    await expect(runSuites({ ...options, resume: true })).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining(`being run now by process ${process.pid}`),
    });
    letGo();
    await running;
    expect(lines()).toHaveLength(2);
    expect(stats.inputs).toHaveLength(2);

    // A run killed outright leaves its lock behind; its process is gone, so a resume takes the directory over.
    await rm(join(outDir, 'results.jsonl'));
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    await writeFile(
      join(outDir, RUN_LOCK_FILE),
      JSON.stringify({ pid: Number(gone.stdout), host: hostname(), since: new Date().toISOString() }),
    );
    const resumed = await runSuites({ ...options, resume: true });
    expect(resumed.summary.totals).toMatchObject({ executions: 2, passed: 2 });
    expect(existsSync(join(outDir, RUN_LOCK_FILE))).toBe(false);
  });

  it('stays the run it continues: its id and start, the time its parts ran, the reporters told what is left', async () => {
    const { engine } = fakeEngine(async () => completed('done'));
    const planned: string[][] = [];
    const reporter = {
      onRunStart: (plan: readonly { caseId: string }[]) => void planned.push(plan.map((p) => p.caseId)),
    };
    const options = { ...runWith(engine), reporters: [reporter] };
    const first = await runSuites({ ...options, suites: [suite(['a', 'b'])] });
    await sleep(300);
    const again = await runSuites({ ...options, suites: [suite(['a', 'b'])], resume: true });
    expect(planned).toEqual([['a', 'b'], []]);
    expect(again.summary.runId).toBe(first.summary.runId);
    expect(again.summary.startedAt).toBe(first.summary.startedAt);
    // The pause between the parts is not time the run spent running.
    const span = Date.parse(again.summary.finishedAt) - Date.parse(again.summary.startedAt);
    expect(again.summary.durationMs).toBeGreaterThanOrEqual(first.summary.durationMs);
    expect(again.summary.durationMs).toBeLessThan(span - 250);

    // A part killed before it wrote a summary started with run.json and ran until its last result ended.
    await rm(join(outDir, 'summary.json'));
    const afterKill = await runSuites({ ...options, suites: [suite(['a', 'b'])], resume: true });
    expect(afterKill.summary.startedAt).toBe((await readRunManifest(outDir)).createdAt);
    const lastEnd = Math.max(...again.results.map((r) => Date.parse(r.startedAt) + r.durationMs));
    expect(afterKill.summary.durationMs).toBeGreaterThanOrEqual(lastEnd - Date.parse(afterKill.summary.startedAt));
  });

  it('clears what an unfinished execution left in its artifacts, so its run again writes them alone', async () => {
    const { engine } = fakeEngine(async (input) => {
      await appendFile(join(input.artifactsDir, 'log.txt'), `${input.turns[0]}\n`);
      return completed('done');
    });
    const options = { ...runWith(engine), suites: [suite(['a', 'b'])] };
    await runSuites(options);
    const [first, second] = lines();
    // Killed while the second execution ran: its result line never made it, its log did.
    await writeFile(join(outDir, 'results.jsonl'), `${JSON.stringify(first)}\n`);
    await runSuites({ ...options, resume: true });
    const log = (r: CaseResult) => readFile(join(outDir, 'artifacts', r.executionId, 'log.txt'), 'utf8');
    // Each execution's log holds its own prompt (its case id) once, whichever finished first.
    expect(await log(first!)).toBe(`${first!.caseId}\n`);
    expect(await log(second!)).toBe(`${second!.caseId}\n`);
  });

  it('drops a cut-off last line, interrupted executions and repeats, and rewrites the file without them', async () => {
    await mkdir(outDir);
    const result = (executionId: string, extra: object = {}) =>
      JSON.stringify({
        executionId,
        suiteId: 's',
        caseId: executionId,
        caseName: executionId,
        kind: 'task',
        variant: 'with_skill',
        engine: 'fake',
        run: 1,
        status: 'passed',
        score: 1,
        checks: [],
        startedAt: new Date(0).toISOString(),
        durationMs: 1,
        ...extra,
      });
    const file = join(outDir, 'results.jsonl');
    await writeFile(
      file,
      `${[
        result('a'),
        result('b', { status: 'error', error: { code: 'INTERRUPTED', message: 'x' } }),
        result('c'),
        result('a'),
        'not json',
      ].join('\n')}\n{"executionId":"d","st`,
    );
    const finished = await loadFinishedResults(outDir);
    expect([...finished.keys()]).toEqual(['a', 'c']);
    expect(await readFile(file, 'utf8')).toBe(`${result('a')}\n${result('c')}\n`);
    expect([...(await loadFinishedResults(join(dir, 'nowhere'))).keys()]).toEqual([]);

    // A whole result whose newline was never written is cut off too: the next line would be appended to it.
    await writeFile(file, `${result('a')}\n${result('e')}`);
    expect([...(await loadFinishedResults(outDir)).keys()]).toEqual(['a']);
    expect(await readFile(file, 'utf8')).toBe(`${result('a')}\n`);
    // A file with nothing to drop is left as it is.
    const before = (await stat(file)).mtimeMs;
    await sleep(20);
    expect([...(await loadFinishedResults(outDir)).keys()]).toEqual(['a']);
    expect((await stat(file)).mtimeMs).toBe(before);
  });

  it.runIf(process.platform !== 'win32')(
    'rewrites results.jsonl through no link planted at the temporary name an older skill-eval used',
    async () => {
      await mkdir(outDir);
      await writeFile(join(dir, 'bashrc'), 'host-only\n');
      symlinkSync(join(dir, 'bashrc'), join(outDir, `results.jsonl.${process.pid}.tmp`));
      await writeFile(join(outDir, 'results.jsonl'), 'not json\n');
      expect([...(await loadFinishedResults(outDir)).keys()]).toEqual([]);
      expect(await readFile(join(dir, 'bashrc'), 'utf8')).toBe('host-only\n');
      expect(await readFile(join(outDir, 'results.jsonl'), 'utf8')).toBe('');
    },
  );

  it('names a results.jsonl it cannot read, as bad input', async () => {
    await mkdir(join(outDir, 'results.jsonl'), { recursive: true });
    await expect(loadFinishedResults(outDir)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringContaining(`${join(outDir, 'results.jsonl')} cannot be read`),
    });
  });
});

describe('assertRunDirUsable', () => {
  let dir = '';
  useTempDir('run-dir-usable-', async (made) => {
    dir = made;
  });

  const problem = (outDir: string, resume = false): string | undefined => {
    try {
      assertRunDirUsable(outDir, 'shown', { resume });
      return undefined;
    } catch (error) {
      expect(error).toBeInstanceOf(SkillEvalError);
      return `${(error as SkillEvalError).code}: ${(error as Error).message}`;
    }
  };

  it('takes a folder that does not exist yet, at any depth, or an empty one', async () => {
    expect(problem(join(dir, 'new', 'deeper'))).toBeUndefined();
    expect(problem(dir)).toBeUndefined();
  });

  it('refuses a file, or a path below one, as a usage error naming it (not a failure to create the folder)', async () => {
    await writeFile(join(dir, 'file'), 'x');
    expect(problem(join(dir, 'file'))).toBe('USAGE: shown is a file, not a directory.');
    expect(problem(join(dir, 'file', 'sub', 'run'))).toBe(
      `USAGE: shown lies below ${join(dir, 'file')}, which is a file, not a directory.`,
    );
  });

  it('refuses a folder that holds a run, unless the run is resumed there', async () => {
    await writeFile(join(dir, 'results.jsonl'), '');
    expect(problem(dir)).toBe('USAGE: shown already holds a run.');
    expect(problem(dir, true)).toBeUndefined();
  });

  it('refuses a folder where a run has started that has no result yet', async () => {
    await writeFile(join(dir, 'run.json'), '{}');
    expect(problem(dir)).toBe('USAGE: shown already holds a run.');
  });

  it.runIf(process.platform !== 'win32')(
    'refuses a folder whose results.jsonl is a link, even to nothing (appending would make its target)',
    () => {
      symlinkSync(join(dir, 'made-through-a-link'), join(dir, 'results.jsonl'));
      expect(problem(dir)).toBe('USAGE: shown already holds a run.');
    },
  );
});

describe('two runs started into one directory together', () => {
  let dir = '';
  useTempDir('run-dir-taken-', async (made) => {
    dir = made;
    await mkdir(join(dir, 'tmp'));
  });

  it('let only one of them write there; the other fails as if the first had been there before', async () => {
    const outDir = join(dir, 'out');
    const run = (id: string) => {
      const { engine } = fakeEngine(async () => completed('done'));
      return runSuites({
        suites: [makeSuite(`${id}.json`, [makeCase({ id, checks: [{ type: 'contains', value: 'done' }] })])],
        engines: [{ id: 'fake', engine }],
        outDir,
        env: { PATH: process.env.PATH },
        tempDir: join(dir, 'tmp'),
        invocation: { paths: [`${id}.json`] },
      });
    };
    const outcomes = await Promise.allSettled([run('a'), run('b')]);
    const won = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toEqual([expect.objectContaining({ code: 'USAGE', message: `${outDir} already holds a run.` })]);
    // The directory holds the winner's run only: its plan, and its result alone.
    const caseId = won[0]!.results[0]!.caseId;
    expect((await readRunManifest(outDir)).invocation).toEqual({ paths: [`${caseId}.json`] });
    const results = readFileSync(join(outDir, 'results.jsonl'), 'utf8').split('\n').filter(Boolean);
    expect(results.map((line) => (JSON.parse(line) as CaseResult).caseId)).toEqual([caseId]);
  });
});
