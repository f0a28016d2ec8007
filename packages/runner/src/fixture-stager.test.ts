import { existsSync } from 'node:fs';
import { lstat, mkdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFixtureStager } from './fixture-stager.js';
import { readFixtureTree } from './fixture-tree.js';
import { stagerFor } from './run-stager.js';
import { probeOverlay, probeReflink } from './staging-probe.js';
import { mounted, tempDir, writeTree } from './test-support/fixtures.js';
import { createWorkspace } from './workspace.js';

describe('fixture staging', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let source: string;
  let parent: string;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
    source = join(dir, 'fixture');
    parent = join(dir, 'tmp');
    await writeTree(source, { 'a.txt': 'A', 'deep/er/b.txt': 'B', 'deep/c.sh': '#!/bin/sh\necho c\n' });
    await symlink('er/b.txt', join(source, 'deep/link-b'));
    await symlink(join(source, 'a.txt'), join(source, 'abs-a'));
    await mkdir(parent);
  });
  afterEach(() => cleanup());

  it('lists a fixture once with parents first, keeps inside links relative and refuses links leaving it', async () => {
    const tree = await readFixtureTree(source);
    expect(tree.files.sort()).toEqual(['a.txt', 'deep/c.sh', 'deep/er/b.txt']);
    expect(tree.dirs).toEqual(['deep', 'deep/er']);
    expect(tree.links.sort((a, b) => a.rel.localeCompare(b.rel))).toEqual([
      { rel: 'abs-a', target: 'a.txt' },
      { rel: 'deep/link-b', target: 'er/b.txt' },
    ]);
    expect(tree.absoluteLinks).toBe(true);

    await writeFile(join(dir, 'secret'), 'secret');
    await symlink('../../secret', join(source, 'deep/escape'));
    await expect(readFixtureTree(source)).rejects.toMatchObject({ code: 'WORKSPACE_FAILED' });
    await expect(readFixtureTree(join(dir, 'gone'))).rejects.toThrow(/cannot be read/);
  });

  it('copy: the workspace gets its own files; writing them never changes the source', async () => {
    const stager = await createFixtureStager({ tempDir: parent, method: 'copy' });
    expect(stager.method).toBe('copy');
    const work = await createWorkspace(parent);
    try {
      expect(await stager.stage(source, join(work.ws, 'repo'), work)).toBe('copy');
      expect(await stager.stage(join(source, 'a.txt'), join(work.ws, 'single.txt'), work)).toBeUndefined();
      const staged = join(work.ws, 'repo');
      expect(await readFile(join(staged, 'deep/er/b.txt'), 'utf8')).toBe('B');
      expect((await lstat(join(staged, 'deep/c.sh'))).mode & 0o777).toBe(
        (await lstat(join(source, 'deep/c.sh'))).mode & 0o777,
      );
      expect(await readlink(join(staged, 'abs-a'))).toBe('a.txt');
      await writeFile(join(staged, 'deep/link-b'), 'changed through the link');
      await writeFile(join(staged, 'a.txt'), 'changed');
      expect(await readFile(join(source, 'a.txt'), 'utf8')).toBe('A');
      expect(await readFile(join(source, 'deep/er/b.txt'), 'utf8')).toBe('B');
      expect(work.mounts).toEqual([]);
    } finally {
      await work.dispose();
    }
  });

  it('detects reflink support as cp --reflink=always does on the same filesystem', async () => {
    await writeFile(join(parent, 'probe-src'), 'x');
    const cp = await execa('cp', ['--reflink=always', join(parent, 'probe-src'), join(parent, 'probe-dst')], {
      reject: false,
    });
    expect(await probeReflink(parent)).toBe(cp.exitCode === 0);
    const stager = await createFixtureStager({ tempDir: parent, allowMounts: false });
    expect(stager.method).toBe(cp.exitCode === 0 ? 'reflink' : 'copy');
  });

  it('overlay where mounts are allowed: one mount per fixture, the source stays untouched, dispose unmounts', async () => {
    const canMount = await probeOverlay(parent);
    const stager = await createFixtureStager({ tempDir: parent });
    const work = await createWorkspace(parent);
    const plain = join(dir, 'plain');
    await writeTree(plain, { 'p.txt': 'P', 'sub/q.txt': 'Q' });
    try {
      await writeTree(work.ws, { 'already.txt': 'laid by an overlay', 'p.txt': 'old' });
      const used = await stager.stage(plain, work.ws, work);
      if (!canMount) {
        // No mounts here (not root, or no overlayfs): the fastest copy is used instead.
        expect(stager.method).not.toBe('overlay');
        expect(used).toBe(stager.method);
        expect(work.mounts).toEqual([]);
      } else {
        expect(stager.method).toBe('overlay');
        expect(used).toBe('overlay');
        expect(work.mounts).toEqual([work.ws]);
        expect(mounted(work.ws)).toBe(true);
        // A fixture holding absolute links, or one below a mount, is copied instead.
        expect(await stager.stage(source, join(work.ws, 'nested'), work)).not.toBe('overlay');
      }
      expect(await readFile(join(work.ws, 'p.txt'), 'utf8')).toBe('P');
      expect(await readFile(join(work.ws, 'already.txt'), 'utf8')).toBe('laid by an overlay');
      await writeFile(join(work.ws, 'sub/q.txt'), 'agent wrote this');
      await writeFile(join(work.ws, 'new.txt'), 'new');
      expect(await readFile(join(plain, 'sub/q.txt'), 'utf8')).toBe('Q');
      expect(existsSync(join(plain, 'new.txt'))).toBe(false);
    } finally {
      await work.dispose();
    }
    expect(mounted(work.ws)).toBe(false);
    expect(existsSync(work.root)).toBe(false);
    expect(await readFile(join(plain, 'p.txt'), 'utf8')).toBe('P');
  });

  it('probes once per run: executions of one run share a stager; SKILL_EVAL_STAGING picks the method', async () => {
    const store = {};
    const run = { store, tempDir: parent, keepWorkspaces: false, env: {} };
    const first = stagerFor(run);
    expect(stagerFor({ ...run, env: { OTHER: 'route env' } })).toBe(first);
    const other = stagerFor({ ...run, store: {} });
    expect(other).not.toBe(first);
    await Promise.all([first, other]);
    const forced = await stagerFor({
      store: {},
      tempDir: parent,
      keepWorkspaces: false,
      env: { SKILL_EVAL_STAGING: 'copy' },
    });
    expect(forced.method).toBe('copy');
    const kept = await stagerFor({ store: {}, tempDir: parent, keepWorkspaces: true, env: {} });
    expect(kept.method).not.toBe('overlay');
  });
});
