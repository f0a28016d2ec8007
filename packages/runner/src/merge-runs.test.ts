import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Suite } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mergeRuns } from './merge-runs.js';
import { type RunOptions, runSuites } from './run-suites.js';
import { completed, fakeEngine } from './test-support/fake-engine.js';
import { makeCase, makeSuite, tempDir } from './test-support/fixtures.js';

describe('shards, merge and resume', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir('merge-runs-'));
    await mkdir(join(dir, 'tmp'));
  });
  afterEach(() => cleanup());

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
});
