import { lstatSync, mkdirSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseResult } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { createResultCache } from './result-cache.js';
import { useTempDir } from './test-support/fixtures.js';

const sealKey = Buffer.alloc(32, 7);
const key = `ab${'0'.repeat(62)}`;
const result = {
  executionId: 'e',
  caseId: 'c',
  status: 'passed',
  score: 1,
  checks: [],
} as unknown as CaseResult;

describe.runIf(process.platform !== 'win32')('a result cache in a folder others can write (--cache-dir)', () => {
  let cacheDir = '';
  let elsewhere = '';
  useTempDir('result-cache-', (made) => {
    cacheDir = join(made, 'cache');
    elsewhere = join(made, 'elsewhere');
    mkdirSync(cacheDir);
    mkdirSync(elsewhere);
  });

  it('writes its entries readable by the user alone, and reads them back', async () => {
    const cache = createResultCache(cacheDir, sealKey);
    await cache.put({ key, result });
    const entry = join(cacheDir, 'ab', `${key}.json`);
    expect(statSync(entry).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(cacheDir, 'ab'))).toEqual([`${key}.json`]);
    expect((await cache.get(key))?.result).toEqual(result);
  });

  it('writes nothing through a shard folder that is a link', async () => {
    symlinkSync(elsewhere, join(cacheDir, 'ab'));
    const cache = createResultCache(cacheDir, sealKey);
    await expect(cache.put({ key, result })).rejects.toMatchObject({ path: join(cacheDir, 'ab') });
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(lstatSync(join(cacheDir, 'ab')).isSymbolicLink()).toBe(true);
  });
});
