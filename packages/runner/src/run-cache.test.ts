import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Case, CaseResult, Suite } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineTarget } from './engine-target.js';
import { sealedEntry } from './result-cache.js';
import { type RunOptions, runSuites } from './run-suites.js';
import { completed, fakeEngine } from './test-support/fake-engine.js';
import { makeCase, makeSuite, tempDir, writeTree } from './test-support/fixtures.js';

describe('runSuites with a result cache', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let skillDir: string;
  let cacheDir: string;
  let runs = 0;
  const env = { PATH: process.env.PATH };
  /** The user's key that seals the entries (the CLI keeps it in the user's cache folder). */
  const sealKey = Buffer.alloc(32, 7);

  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir('run-cache-'));
    skillDir = join(dir, 'demo');
    cacheDir = join(dir, 'cache');
    await writeTree(skillDir, { 'SKILL.md': '---\nname: demo\n---\nSay done.\n', 'evals/evals.json': '{}' });
    await mkdir(join(dir, 'tmp'));
    runs = 0;
  });
  afterEach(() => cleanup());

  /** What an execution of the prompt `hold` waits for before it answers. */
  let holding = async (): Promise<void> => undefined;
  const { engine, stats } = fakeEngine(async (input) => {
    if (input.turns[0] === 'boom') throw new Error('engine exploded');
    if (input.turns[0] === 'hold') await holding();
    if (input.turns[0]?.startsWith('echo ')) return completed(`done: ${input.turns[0]}`);
    return completed(input.turns[0] === 'fail' ? 'nothing' : 'done');
  });

  const suiteOf = (prompts: string[]): Suite => {
    const cases: Case[] = prompts.map((prompt, i) =>
      makeCase({
        id: `c${i}`,
        turns: [prompt],
        skills: [{ name: 'demo', dir: skillDir }],
        source: { file: join(skillDir, 'evals/evals.json'), format: 'fake', line: i + 1 },
        checks: [{ type: 'contains', value: 'done' }],
      }),
    );
    return { ...makeSuite('demo/evals.json', cases), file: join(skillDir, 'evals/evals.json') };
  };

  const run = async (
    suite: Suite,
    target: Partial<EngineTarget> = {},
    cache: string | null = cacheDir,
    secrets: Record<string, string> = {},
    more: Partial<RunOptions> = {},
  ) => {
    const before = stats.inputs.length;
    const outDir = join(dir, `out${++runs}`);
    const { results, summary } = await runSuites({
      suites: [suite],
      engines: [{ id: 'fake', engine, version: '1.0.0', ...target }],
      outDir,
      env: { ...env, ...secrets },
      tempDir: join(dir, 'tmp'),
      harnessVersion: '0.1.0',
      ...(cache ? { cacheDir: cache, cacheSealKey: sealKey } : {}),
      ...more,
    });
    const executed = stats.inputs.slice(before).map((input) => input.turns[0]);
    return { results, summary, outDir, executed };
  };

  it('reuses unchanged results at zero cost, with their transcript, and never caches errors', async () => {
    const suite = suiteOf(['a', 'b', 'fail', 'boom']);
    const first = await run(suite);
    expect(first.executed.sort()).toEqual(['a', 'b', 'boom', 'fail']);
    expect(first.results.every((r) => !r.cached)).toBe(true);
    expect(first.summary.totals.costUsd).toBeGreaterThan(0);

    const second = await run(suite);
    expect(second.executed).toEqual(['boom']); // the error runs again; pass and fail verdicts are reused
    const byCase = new Map(second.results.map((r) => [r.caseId, r]));
    expect(byCase.get('c3')).toMatchObject({ status: 'error', cached: false });
    for (const id of ['c0', 'c1', 'c2']) {
      const result = byCase.get(id)!;
      const original = first.results.find((r) => r.caseId === id)!;
      expect(result).toMatchObject({ cached: true, status: original.status, score: original.score });
      expect(result.session?.usage.inputTokens).toBe(0);
      expect(result.session?.costUsd).toBe(0);
      expect(result.cachedFrom).toMatchObject({
        executionId: original.executionId,
        runDir: first.outDir,
        usage: { inputTokens: 10, outputTokens: 5 },
        costUsd: 0.01,
      });
      const transcript = JSON.parse(await readFile(join(second.outDir, result.transcriptFile!), 'utf8'));
      expect(transcript.events.at(-1)).toMatchObject({ role: 'assistant' });
    }
    expect(second.summary.totals.costUsd).toBe(0);
    expect(second.summary.totals.usage.inputTokens).toBe(0);
    const lines = readFileSync(join(second.outDir, 'results.jsonl'), 'utf8').trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as CaseResult).cached).filter(Boolean)).toHaveLength(3);
  });

  it('re-runs every case when one byte of SKILL.md changes, and only the edited case when its prompt changes', async () => {
    await run(suiteOf(['a', 'b', 'c']));
    await writeFile(join(skillDir, 'SKILL.md'), '---\nname: demo\n---\nSay done!\n');
    expect((await run(suiteOf(['a', 'b', 'c']))).executed.sort()).toEqual(['a', 'b', 'c']);
    expect((await run(suiteOf(['a', 'b', 'c']))).executed).toEqual([]);
    expect((await run(suiteOf(['a', 'B', 'c']))).executed).toEqual(['B']);
  });

  it('re-runs every case when a file behind a link from the skill to a folder outside it changes', async () => {
    // demo/refs -> ../shared: staged as a live link, so the agent reads what is there now.
    await writeTree(join(dir, 'shared'), { 'answer.txt': 'GOOD' });
    await symlink('../shared', join(skillDir, 'refs'));
    await run(suiteOf(['a', 'b']));
    expect((await run(suiteOf(['a', 'b']))).executed).toEqual([]);
    await writeFile(join(dir, 'shared/answer.txt'), 'BAD');
    expect((await run(suiteOf(['a', 'b']))).executed.sort()).toEqual(['a', 'b']);
    expect((await run(suiteOf(['a', 'b']))).executed).toEqual([]);
  });

  it('re-runs on another model, and runs everything without a cache directory', async () => {
    await run(suiteOf(['a', 'b']));
    expect((await run(suiteOf(['a', 'b']), { model: 'fake-model-2' })).executed.sort()).toEqual(['a', 'b']);
    expect((await run(suiteOf(['a', 'b']), {}, null)).executed.sort()).toEqual(['a', 'b']);
    expect((await run(suiteOf(['a', 'b']))).executed).toEqual([]);
  });

  it.each([
    ['from the pack of its executions', false],
    ['entry by entry', true],
  ])(
    'writes the run directory of a cached re-run as the run that filled the cache wrote its own (%s)',
    async (_, withoutPack) => {
      const suite = suiteOf(['a', 'b', 'fail']);
      const first = await run(suite);
      expect(await readdir(join(cacheDir, 'packs'))).toHaveLength(1);
      if (withoutPack) await rm(join(cacheDir, 'packs'), { recursive: true });
      const second = await run(suite, {}, cacheDir, {}, { beforeExecutions: () => {} });
      expect(second.executed).toEqual([]);
      const files = async (outDir: string) =>
        (await readdir(outDir, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile() && !entry.parentPath.includes('artifacts'))
          .map((entry) => join(entry.parentPath, entry.name).slice(outDir.length + 1))
          .sort();
      // The same files (a hit copies no artifacts: its transcript points at the run that made it), the same transcripts
      // byte for byte, and the same results but for what says where, when and at what cost they were made.
      expect(await files(second.outDir)).toEqual(await files(first.outDir));
      const lines = (outDir: string) =>
        readFileSync(join(outDir, 'results.jsonl'), 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as CaseResult);
      const firstLines = lines(first.outDir);
      for (const [i, hit] of lines(second.outDir).entries()) {
        const made = firstLines.find((r) => r.executionId === hit.executionId)!;
        const { cached, cachedFrom, startedAt, durationMs, session, ...rest } = hit;
        const { cached: _, startedAt: madeAt, durationMs: took, session: madeSession, ...madeRest } = made;
        expect([i, cached, rest]).toEqual([i, true, madeRest]);
        expect(cachedFrom).toEqual({
          executionId: made.executionId,
          runDir: first.outDir,
          startedAt: madeAt,
          durationMs: took,
          usage: madeSession!.usage,
          costUsd: madeSession!.costUsd,
        });
        expect(session).toEqual({
          ...madeSession,
          usage: { ...madeSession!.usage, inputTokens: 0, outputTokens: 0 },
          costUsd: 0,
        });
        expect(Date.parse(startedAt)).toBeGreaterThanOrEqual(Date.parse(second.summary.startedAt));
        expect(durationMs).toBeGreaterThanOrEqual(0);
        const transcript = (outDir: string) => readFileSync(join(outDir, hit.transcriptFile!), 'utf8');
        expect(transcript(second.outDir)).toBe(transcript(first.outDir));
      }
      const summary = (outDir: string) => JSON.parse(readFileSync(join(outDir, 'summary.json'), 'utf8'));
      expect(summary(second.outDir).caseTotals).toEqual(summary(first.outDir).caseTotals);
      expect(summary(second.outDir).totals).toMatchObject({ passed: 2, failed: 1, costUsd: 0 });
    },
  );

  it('answers a re-run of the same executions from their pack while their entry files stay as they were', async () => {
    const suite = suiteOf(['a', 'b']);
    await run(suite);
    // The pack re-sealed with another origin in each entry: what a run reads from it says so.
    const [name] = await readdir(join(cacheDir, 'packs'));
    const pack = join(cacheDir, 'packs', name!);
    const json = entryJson(await readFile(pack, 'utf8')).replaceAll(
      `"runDir":"${join(dir, 'out1')}"`,
      '"runDir":"/packed"',
    );
    await writeFile(pack, sealedEntry(sealKey, json));
    const origins = (results: readonly CaseResult[]) => results.map((r) => [r.caseId, r.cachedFrom?.runDir ?? null]);
    expect(origins((await run(suite)).results)).toEqual([
      ['c0', '/packed'],
      ['c1', '/packed'],
    ]);
    // An entry deleted is an execution run again; the run that runs it packs the executions anew.
    const [shard] = (await readdir(cacheDir)).filter((folder) => folder !== 'packs');
    const entries = await readdir(join(cacheDir, shard!));
    for (const entry of entries) await rm(join(cacheDir, shard!, entry));
    const rerun = await run(suite);
    expect(rerun.executed.length).toBe(entries.length);
    expect(await readdir(join(cacheDir, 'packs'))).toEqual([name]);
    const last = await run(suite);
    expect(last.executed).toEqual([]);
    expect(origins(last.results).filter(([, origin]) => origin === '/packed')).toHaveLength(2 - entries.length);
  });

  it('runs, and says it will run, an execution whose entry is damaged; reads each entry once per run', async () => {
    await run(suiteOf(['a', 'b']));
    const [shard] = await readdir(cacheDir);
    const [entry] = await readdir(join(cacheDir, shard!));
    const file = join(cacheDir, shard!, entry!);
    const intact = await readFile(file, 'utf8');
    await writeFile(file, '{"format":');
    let toRun: string[] = [];
    const told = {
      beforeExecutions: (items: readonly { testCase: Case }[]) => {
        toRun = items.map((i) => i.testCase.turns[0]!);
      },
    };
    const damaged = await run(suiteOf(['a', 'b']), {}, cacheDir, {}, told);
    expect(damaged.executed).toEqual(toRun);
    expect(toRun).toHaveLength(1);
    // An entry is read once, before the run starts: one mended after that is not seen by the run that read it.
    await writeFile(file, '{"format":');
    const mend = {
      beforeExecutions: async (items: readonly unknown[]) => {
        expect(items).toHaveLength(1);
        await writeFile(file, intact);
      },
    };
    expect((await run(suiteOf(['a', 'b']), {}, cacheDir, {}, mend)).executed).toEqual(toRun);
  });

  it('writes cached results without waiting for a slot that an execution holds', async () => {
    await run(suiteOf(['first', 'a', 'b']));
    // The second run's first case changed: it runs, and holds the only slot until both cached results are written.
    let linesWhileHeld = 0;
    holding = async () => {
      const results = join(dir, `out${runs}`, 'results.jsonl');
      const lines = async () => (await readFile(results, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
      for (let round = 0; round < 100 && (await lines()) < 2; round++) await new Promise((r) => setTimeout(r, 20));
      linesWhileHeld = await lines();
    };
    try {
      const second = await run(suiteOf(['hold', 'a', 'b']), {}, cacheDir, {}, { concurrency: 1 });
      expect(second.executed).toEqual(['hold']);
      expect(second.results.map((r) => [r.caseId, r.cached ?? false])).toEqual([
        ['c0', false],
        ['c1', true],
        ['c2', true],
      ]);
    } finally {
      holding = async () => undefined;
    }
    expect(linesWhileHeld).toBe(2);
  });

  it('treats a damaged cache entry as a miss', async () => {
    await run(suiteOf(['a']));
    const [shard] = await readdir(cacheDir);
    const [entry] = await readdir(join(cacheDir, shard!));
    await writeFile(join(cacheDir, shard!, entry!), '{"format":');
    expect((await run(suiteOf(['a']))).executed).toEqual(['a']);
    expect((await run(suiteOf(['a']))).executed).toEqual([]);
  });

  it('redacts the secrets of the run that reuses a result in the transcript it copies', async () => {
    const key = 'sk-cached-0123456789abcdef';
    const prompt = `echo ${key}`;
    const first = await run(suiteOf([prompt]));
    const written = (run: typeof first) => readFile(join(run.outDir, run.results[0]!.transcriptFile!), 'utf8');
    expect(await written(first)).toContain(key);
    const second = await run(suiteOf([prompt]), {}, cacheDir, { ANTHROPIC_API_KEY: key });
    expect(second.executed).toEqual([]);
    const copied = await written(second);
    expect(copied).not.toContain(key);
    expect(JSON.parse(copied).finalMessage).toBe('done: echo [REDACTED]');
    // Without the secret the copy is the cached text as it was written.
    expect(await written(await run(suiteOf([prompt])))).toBe(await written(first));
    // With a secret the text does not hold, as it was written too: what redacting it would write.
    const other = await run(suiteOf([prompt]), {}, cacheDir, { OPENAI_API_KEY: 'sk-another-0123456789abcdef' });
    expect(other.executed).toEqual([]);
    expect(await written(other)).toBe(await written(first));
  });

  it('treats an entry whose result or transcript lost its shape as a miss', async () => {
    await run(suiteOf(['a']));
    const [shard] = await readdir(cacheDir);
    const [name] = await readdir(join(cacheDir, shard!));
    const file = join(cacheDir, shard!, name!);
    const entry = JSON.parse(entryJson(await readFile(file, 'utf8')));
    for (const damaged of [
      { ...entry, result: { ...entry.result, status: 'great' } },
      { ...entry, result: { ...entry.result, checks: 'all good' } },
      { ...entry, transcriptText: 42 },
      { ...entry, key: 'another key' },
    ]) {
      // Sealed with the user's key, as skill-eval would write it: the shape is what is refused.
      await writeFile(file, sealedEntry(sealKey, JSON.stringify(damaged)));
      expect((await run(suiteOf(['a']))).executed).toEqual(['a']);
    }
    expect((await run(suiteOf(['a']))).executed).toEqual([]);
  });

  it("reuses only entries sealed with the user's key: none a repository committed or another user wrote", async () => {
    await run(suiteOf(['fail']));
    const [shard] = await readdir(cacheDir);
    const [name] = await readdir(join(cacheDir, shard!));
    const file = join(cacheDir, shard!, name!);
    const intact = await readFile(file, 'utf8');
    const json = entryJson(intact);
    // The case fails; each planted entry says it passed.
    expect(JSON.parse(json).result.status).toBe('failed');
    const passed = JSON.stringify({ ...JSON.parse(json), result: { ...JSON.parse(json).result, status: 'passed' } });
    for (const planted of [
      json, // the entry as a repository would commit it: right name, right JSON, no seal
      passed,
      sealedEntry(Buffer.alloc(32, 8), json), // sealed by another user
      intact.replace(json, passed), // the user's seal over other JSON
      `${intact.slice(0, 9)}${'0'.repeat(64)}${intact.slice(73)}`,
    ]) {
      await writeFile(file, planted);
      expect((await run(suiteOf(['fail']))).executed, planted.slice(0, 80)).toEqual(['fail']);
    }
    // The user's own entry is reused; a run without the user's key seals with one of its own, reusing nothing the
    // user's runs wrote, and the entry it writes is in turn nothing the user's next run reuses.
    await writeFile(file, intact);
    expect((await run(suiteOf(['fail']))).executed).toEqual([]);
    expect((await run(suiteOf(['fail']), {}, cacheDir, {}, { cacheSealKey: undefined })).executed).toEqual(['fail']);
    expect((await run(suiteOf(['fail']))).executed).toEqual(['fail']);
    expect((await run(suiteOf(['fail']))).executed).toEqual([]);
  });
});

describe('runSuites with a result cache planted with links and FIFOs', () => {
  it.runIf(process.platform !== 'win32')('reads no entry through a link, and waits on no FIFO', async () => {
    const { dir, cleanup } = await tempDir('run-cache-links-');
    try {
      const skillDir = join(dir, 'demo');
      await writeTree(skillDir, { 'SKILL.md': '---\nname: demo\n---\nSay done.\n', 'evals/evals.json': '{}' });
      const { engine, stats } = fakeEngine(async () => completed('done'));
      const testCase = makeCase({
        id: 'c0',
        turns: ['a'],
        skills: [{ name: 'demo', dir: skillDir }],
        source: { file: join(skillDir, 'evals/evals.json'), format: 'fake', line: 1 },
        checks: [{ type: 'contains', value: 'done' }],
      });
      const suite = { ...makeSuite('demo/evals.json', [testCase]), file: join(skillDir, 'evals/evals.json') };
      const cacheDir = join(dir, 'cache');
      let runs = 0;
      const run = async () => {
        const before = stats.inputs.length;
        await runSuites({
          suites: [suite],
          engines: [{ id: 'fake', engine, version: '1.0.0' }],
          outDir: join(dir, `out${++runs}`),
          env: { PATH: process.env.PATH },
          tempDir: dir,
          harnessVersion: '0.1.0',
          cacheDir,
          cacheSealKey: Buffer.alloc(32, 7),
        });
        return stats.inputs.length - before;
      };
      expect(await run()).toBe(1);
      const [shard] = await readdir(cacheDir);
      const [name] = await readdir(join(cacheDir, shard!));
      const file = join(cacheDir, shard!, name!);
      // The user's own sealed entry, reached through a link: not read.
      const elsewhere = join(dir, 'entry.json');
      await rename(file, elsewhere);
      await symlink(elsewhere, file);
      expect(await run()).toBe(1);
      await rm(file);
      execFileSync('mkfifo', [file]);
      expect(await run()).toBe(1);
    } finally {
      await cleanup();
    }
  });
});

/** The JSON of an entry's text, below its seal line. */
const entryJson = (text: string): string => text.slice(text.indexOf('\n') + 1);
