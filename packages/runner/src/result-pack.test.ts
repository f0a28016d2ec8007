import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseResult } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { CACHE_FORMAT } from './cache-key.js';
import { type CacheEntry, createResultCache, entryFile } from './result-cache.js';
import { PACKS_KEPT, readPack, writePack } from './result-pack.js';
import { useTempDir } from './test-support/fixtures.js';

const sealKey = Buffer.alloc(32, 7);
const keyOf = (n: number) => `${n.toString(16).padStart(2, '0')}${'0'.repeat(61)}${n % 10}`;
const resultOf = (n: number) =>
  ({ executionId: `e${n}`, caseId: `c${n}`, status: 'passed', score: 1, checks: [] }) as unknown as CaseResult;

/**
 * Does `change` to `file` until its change time moves: file times tick coarsely (a few milliseconds), so a change in
 * the tick the file was written in leaves them as they were.
 */
async function changing(file: string, change: (file: string) => void): Promise<void> {
  const before = statSync(file).ctimeMs;
  for (let round = 0; round < 100; round++) {
    change(file);
    if (statSync(file).ctimeMs !== before) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${file}: its change time did not move`);
}

describe.runIf(process.platform !== 'win32')('a pack of cache entries', () => {
  let cacheDir = '';
  useTempDir('result-pack-', (made) => {
    cacheDir = join(made, 'cache');
  });

  /** Entries 0 … n−1 written one by one, as runs write them, and read back as a run reads them. */
  const entries = async (n: number): Promise<CacheEntry[]> => {
    const cache = createResultCache(cacheDir, sealKey);
    const written: CacheEntry[] = [];
    for (let i = 0; i < n; i++) {
      await cache.put({ key: keyOf(i), runDir: '/runs/one', result: resultOf(i), transcriptText: `{"n":${i}}\n` });
      written.push((await cache.get(keyOf(i)))!);
    }
    return written;
  };
  const keys = (written: readonly CacheEntry[]) => written.map((entry) => entry.key);

  it('serves every entry as its own file does, for exactly the keys it was written for, in any order', async () => {
    const written = await entries(5);
    await writePack(cacheDir, sealKey, written);
    const served = readPack(cacheDir, sealKey, keys(written).reverse());
    expect([...served.keys()].sort()).toEqual(keys(written).sort());
    for (const entry of written) expect(served.get(entry.key)).toEqual(entry);
    expect(served.get(keyOf(0))?.format).toBe(CACHE_FORMAT);
    // Another set of executions — one more, one fewer — has no pack.
    expect(readPack(cacheDir, sealKey, [...keys(written), keyOf(9)]).size).toBe(0);
    expect(readPack(cacheDir, sealKey, keys(written).slice(1)).size).toBe(0);
  });

  it('serves no entry whose file was deleted, rewritten or touched since, nor through a link', async () => {
    const written = await entries(4);
    await writePack(cacheDir, sealKey, written);
    rmSync(entryFile(cacheDir, keyOf(0)));
    const intact = readFileSync(entryFile(cacheDir, keyOf(1)), 'utf8');
    await changing(entryFile(cacheDir, keyOf(1)), (file) => writeFileSync(file, intact));
    await changing(entryFile(cacheDir, keyOf(2)), (file) => utimesSync(file, new Date(), new Date()));
    const file = entryFile(cacheDir, keyOf(3));
    writeFileSync(`${file}.moved`, readFileSync(file));
    rmSync(file);
    symlinkSync(`${file}.moved`, file);
    expect([...readPack(cacheDir, sealKey, keys(written)).keys()]).toEqual([]);
  });

  it('is read only when sealed with the key it is read with: a committed pack serves nothing', async () => {
    const written = await entries(3);
    await writePack(cacheDir, Buffer.alloc(32, 8), written);
    expect(readPack(cacheDir, sealKey, keys(written)).size).toBe(0);
    const [pack] = readdirSync(join(cacheDir, 'packs'));
    const packFile = join(cacheDir, 'packs', pack!);
    // Its JSON re-sealed by hand with a made-up seal, as a repository could commit it.
    const json = readFileSync(packFile, 'utf8').split('\n').slice(1).join('\n');
    writeFileSync(packFile, `sealed-1 ${'0'.repeat(64)}\n${json}`);
    expect(readPack(cacheDir, sealKey, keys(written)).size).toBe(0);
  });

  it('reads no pack through a link, nor waits on a FIFO at its name', async () => {
    const written = await entries(2);
    await writePack(cacheDir, sealKey, written);
    const [pack] = readdirSync(join(cacheDir, 'packs'));
    const packFile = join(cacheDir, 'packs', pack!);
    const moved = `${packFile}.moved`;
    writeFileSync(moved, readFileSync(packFile));
    rmSync(packFile);
    symlinkSync(moved, packFile);
    expect(readPack(cacheDir, sealKey, keys(written)).size).toBe(0);
    rmSync(packFile);
    execFileSync('mkfifo', [packFile]);
    expect(readPack(cacheDir, sealKey, keys(written)).size).toBe(0);
  });

  it('writes none when an entry has no file, and keeps the last packs written', async () => {
    const written = await entries(PACKS_KEPT + 3);
    rmSync(entryFile(cacheDir, keyOf(0)));
    await writePack(cacheDir, sealKey, written);
    expect(readdirSync(cacheDir)).not.toContain('packs');
    for (const entry of written.slice(1)) await writePack(cacheDir, sealKey, [entry]);
    expect(readdirSync(join(cacheDir, 'packs'))).toHaveLength(PACKS_KEPT);
    // The one written last is kept, whatever the clock's tick made of the others' times.
    const last = written.at(-1)!;
    expect(readPack(cacheDir, sealKey, [last.key]).get(last.key)).toEqual(last);
  });
});
