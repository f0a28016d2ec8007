import { existsSync, mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_ENTRY_DAYS, pruneCacheFolder } from './prune-cache-folder.js';
import { createFolderSuiteStore } from './suite-store.js';
import { useTempTree } from './test-support/fixtures.js';
import { createFolderYamlStore } from './yaml-store.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 11, 5);

/** Writes `file` (made with its folder) last written `daysAgo` days before {@link NOW}. */
function writtenAgo(file: string, daysAgo: number, content = 'entry'): string {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, content);
  const at = (NOW - daysAgo * DAY) / 1000;
  utimesSync(file, at, at);
  return file;
}

describe('pruneCacheFolder', () => {
  const tree = useTempTree({ 'outside/keep.txt': 'not the cache' }, 'skill-eval-prune-');
  const cache = () => join(tree.dir, 'cache');

  it('removes the entries not written for a month and writers’ leftovers, and keeps the rest', () => {
    const old = writtenAgo(join(cache(), 'ab', 'ab12'), CACHE_ENTRY_DAYS + 1);
    const recent = writtenAgo(join(cache(), 'ab', 'ab34'), CACHE_ENTRY_DAYS - 1);
    const leftTemp = writtenAgo(join(cache(), 'ab', 'ab56.123.x.tmp'), 1);
    const lonely = writtenAgo(join(cache(), 'cd', 'cd12'), 90);
    pruneCacheFolder(cache(), NOW);
    expect([existsSync(old), existsSync(recent), existsSync(leftTemp)]).toEqual([false, true, false]);
    // A folder left empty goes with its last entry.
    expect(existsSync(lonely)).toBe(false);
    expect(readdirSync(cache()).sort()).toEqual(['ab', 'last-pruned']);
  });

  it('prunes at most once a day', () => {
    writtenAgo(join(cache(), 'ab', 'ab12'), 40);
    pruneCacheFolder(cache(), NOW);
    const later = writtenAgo(join(cache(), 'ab', 'ab34'), 40);
    pruneCacheFolder(cache(), NOW + DAY / 2);
    expect(existsSync(later)).toBe(true);
    pruneCacheFolder(cache(), NOW + DAY + 1);
    expect(existsSync(later)).toBe(false);
  });

  it('follows no link and removes nothing outside the two-hex-digit folders', () => {
    const outside = join(tree.dir, 'outside', 'keep.txt');
    utimesSync(outside, (NOW - 90 * DAY) / 1000, (NOW - 90 * DAY) / 1000);
    mkdirSync(join(cache(), 'ab'), { recursive: true });
    symlinkSync(outside, join(cache(), 'ab', 'ab99'));
    symlinkSync(join(tree.dir, 'outside'), join(cache(), 'ef'));
    const notAShard = writtenAgo(join(cache(), 'notes', 'old'), 90);
    const beside = writtenAgo(join(cache(), 'old-file'), 90);
    pruneCacheFolder(cache(), NOW);
    expect(existsSync(outside)).toBe(true);
    expect(readdirSync(join(cache(), 'ab'))).toEqual(['ab99']);
    expect([existsSync(notAShard), existsSync(beside)]).toEqual([true, true]);
  });

  it('does not prune through a mark that is a link', () => {
    const old = writtenAgo(join(cache(), 'ab', 'ab12'), 90);
    const target = join(tree.dir, 'outside', 'keep.txt');
    symlinkSync(target, join(cache(), 'last-pruned'));
    pruneCacheFolder(cache(), NOW);
    expect(existsSync(old)).toBe(true);
  });

  it('is what the stores do when they write entries, and only then', () => {
    const suites = join(cache(), 'suites');
    const yaml = join(cache(), 'yaml');
    const oldLoad = writtenAgo(join(suites, '00', '00aa'), 90);
    const oldYaml = writtenAgo(join(yaml, '00', '00aa'), 90);
    const suiteStore = createFolderSuiteStore(suites, 'build');
    const yamlStore = createFolderYamlStore(yaml);
    suiteStore.flush();
    yamlStore.flush();
    expect([existsSync(oldLoad), existsSync(oldYaml)]).toEqual([true, true]); // nothing written, nothing pruned
    suiteStore.put(
      'context',
      '/evals/a.yaml',
      'text',
      { suites: [], diagnostics: [], parts: [], alternates: [] },
      new Map(),
    );
    yamlStore.put('a: 1\n', 'snapshot');
    suiteStore.flush();
    yamlStore.flush();
    expect([existsSync(oldLoad), existsSync(oldYaml)]).toEqual([false, false]);
    expect(readdirSync(suites).filter((name) => name.length === 2)).toHaveLength(1); // the new entry's
  });
});
