import { chmod, rename, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, writeTree } from './test-support/fixtures.js';
import { createTreeHasher } from './tree-hasher.js';

describe('createTreeHasher', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let root: string;

  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir('tree-hasher-'));
    root = join(dir, 'skill');
    await writeTree(root, {
      'SKILL.md': '---\nname: demo\n---\nSay done.\n',
      'scripts/run.sh': 'echo hi\n',
      'evals/evals.json': '{"evals":[]}',
      'node_modules/x/index.js': 'x',
    });
  });
  afterEach(() => cleanup());

  // A fresh hasher per hash: a hasher memoises, so the same one would not see the change.
  const hash = (path = root, options?: Parameters<ReturnType<typeof createTreeHasher>['hash']>[1]) =>
    createTreeHasher().hash(path, options);

  it('gives the same tree the same hash and any change of content, name or mode another', async () => {
    const before = await hash();
    expect(await hash()).toBe(before);

    await writeFile(join(root, 'SKILL.md'), '---\nname: demo\n---\nSay done!\n');
    const edited = await hash();
    expect(edited).not.toBe(before);

    await rename(join(root, 'scripts/run.sh'), join(root, 'scripts/go.sh'));
    const renamed = await hash();
    expect(renamed).not.toBe(edited);

    await chmod(join(root, 'scripts/go.sh'), 0o755);
    const executable = await hash();
    expect(executable).not.toBe(renamed);

    await symlink('SKILL.md', join(root, 'link.md'));
    expect(await hash()).not.toBe(executable);
  });

  it('follows a symlink to a file outside the tree: its content counts, as the staged link shows it', async () => {
    const outside = join(dir, 'shared-notes.md');
    await writeFile(outside, 'GOOD');
    await symlink(outside, join(root, 'notes.md'));
    const before = await hash();
    await writeFile(outside, 'BAD');
    expect(await hash()).not.toBe(before);
  });

  it('leaves out skipped names at any depth and skipped files, and nothing else', async () => {
    const options = { skipNames: new Set(['node_modules']), skipFiles: new Set([join(root, 'evals/evals.json')]) };
    const before = await hash(root, options);
    await writeFile(join(root, 'node_modules/x/index.js'), 'changed');
    await writeFile(join(root, 'evals/evals.json'), '{"evals":[1]}');
    expect(await hash(root, options)).toBe(before);
    await writeFile(join(root, 'evals/notes.md'), 'new file');
    expect(await hash(root, options)).not.toBe(before);
  });

  it('hashes a single file, a missing path, and a directory as a file-only path without reading it', async () => {
    const file = await hash(join(root, 'SKILL.md'));
    expect(file).toMatch(/^[0-9a-f]{64}$/);
    expect(await hash(join(dir, 'nope'))).toBe('missing:nope');
    const asFile = await hash(root, { filesOnly: true });
    await writeFile(join(root, 'SKILL.md'), 'other');
    expect(await hash(root, { filesOnly: true })).toBe(asFile);
  });

  it('hashes a large file by streaming it, to the same digest as reading it whole would give', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024, 7);
    await writeFile(join(dir, 'big.bin'), big);
    await writeFile(join(dir, 'small.bin'), big.subarray(0, 1024));
    const { createHash } = await import('node:crypto');
    const expected = (data: Buffer) =>
      createHash('sha256')
        .update(`f\0\0-\0${createHash('sha256').update(data).digest('hex')}`)
        .digest('hex');
    expect(await hash(join(dir, 'big.bin'))).toBe(expected(big));
    expect(await hash(join(dir, 'small.bin'))).toBe(expected(big.subarray(0, 1024)));
  });
});
