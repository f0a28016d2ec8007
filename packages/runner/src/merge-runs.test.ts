import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Suite } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { mergeRuns } from './merge-runs.js';
import { readRunManifest } from './run-manifest.js';
import { type RunOptions, runSuites } from './run-suites.js';
import { completed, fakeEngine } from './test-support/fake-engine.js';
import { makeCase, makeSuite, useTempDir } from './test-support/fixtures.js';

describe('shards, merge and resume', () => {
  let dir = '';
  useTempDir('merge-runs-', async (made) => {
    dir = made;
    await mkdir(join(dir, 'tmp'));
  });

  const suite = (ids: string[]): Suite =>
    makeSuite(
      's.json',
      ids.map((id) => makeCase({ id, turns: [id], checks: [{ type: 'contains', value: 'done' }] })),
    );
  const { engine, stats } = fakeEngine(async () => completed('done'));
  const options = (ids: string[], out: string): RunOptions => ({
    suites: [suite(ids)],
    engines: [{ id: 'fake', engine }],
    outDir: join(dir, out),
    env: { PATH: process.env.PATH },
    tempDir: join(dir, 'tmp'),
    invocation: { paths: ['s.json'] },
  });
  const ran = () => stats.inputs.map((input) => input.turns[0]).sort();

  it('leaves a run directory for a shard the split left empty, which merges with the others', async () => {
    const shards = [1, 2, 3, 4].map((index) => ({ ...options(['a', 'b'], `s${index}`), shard: { index, count: 4 } }));
    for (const shard of shards) await runSuites(shard);
    expect(readFileSync(join(dir, 's3', 'results.jsonl'), 'utf8')).toBe('');
    const merged = await mergeRuns(
      shards.map((s) => s.outDir),
      join(dir, 'all'),
    );
    expect(merged.results.map((r) => r.caseId).sort()).toEqual(['a', 'b']);
    expect(merged.warnings).toEqual([]);
  });

  it('counts the shards a merge of some holds when it is merged with the missing one', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    for (const index of [1, 2, 3]) await runSuites({ ...options(ids, `s${index}`), shard: { index, count: 3 } });
    await mergeRuns([join(dir, 's1'), join(dir, 's3')], join(dir, 'some'));
    const merged = await mergeRuns([join(dir, 'some'), join(dir, 's2')], join(dir, 'all'));
    expect(merged.warnings).toEqual([]);
    expect(merged.results.map((r) => r.caseId).sort()).toEqual(ids);
    expect((await readRunManifest(join(dir, 'all'))).mergedShards).toEqual({ count: 3, indexes: [1, 2, 3] });
  });

  it('resumes a merge with a shard missing by running that shard, and records the whole plan then', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    for (const index of [1, 3]) await runSuites({ ...options(ids, `s${index}`), shard: { index, count: 3 } });
    const merged = await mergeRuns([join(dir, 's1'), join(dir, 's3')], join(dir, 'all'));
    expect(merged.warnings).toEqual(['Shard(s) 2/3 missing: the merged run is partial.']);
    expect((await readRunManifest(join(dir, 'all'))).mergedShards).toEqual({ count: 3, indexes: [1, 3] });

    const before = ran();
    const resumed = await runSuites({ ...options(ids, 'all'), resume: true });
    const secondShard = await runSuites({ ...options(ids, 's2'), shard: { index: 2, count: 3 } });
    const shardTwo = secondShard.results.map((r) => r.caseId).sort();
    expect(shardTwo.length).toBeGreaterThan(0);
    // The resume ran shard 2's executions once (the run of s2 after it ran them again, to name them).
    expect(ran().length).toBe(before.length + 2 * shardTwo.length);
    expect(resumed.results.map((r) => r.caseId).sort()).toEqual(ids);
    expect(resumed.summary.runId).toBe(merged.summary.runId);
    expect(resumed.summary.mergedFrom).toEqual(merged.summary.mergedFrom);
    const manifest = await readRunManifest(join(dir, 'all'));
    expect(manifest.plan).toHaveLength(5);
    expect(manifest.mergedShards).toBeUndefined();
  });

  it('still refuses to resume a merge of some shards when the eval files changed since', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    for (const index of [1, 2]) await runSuites({ ...options(ids, `s${index}`), shard: { index, count: 3 } });
    await mergeRuns([join(dir, 's1'), join(dir, 's2')], join(dir, 'all'));
    // One case more deals the executions out differently: the merged ones are no longer whole shards of the plan.
    await expect(runSuites({ ...options(['0', ...ids], 'all'), resume: true })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringMatching(/planned other executions/),
    });
    await expect(runSuites({ ...options(['a', 'b', 'c', 'd'], 'all'), resume: true })).rejects.toMatchObject({
      code: 'BAD_INPUT',
    });
    expect(existsSync(join(dir, 'all', 'summary.json'))).toBe(true);
    expect((await readRunManifest(join(dir, 'all'))).mergedShards).toEqual({ count: 3, indexes: [1, 2] });
  });
});
