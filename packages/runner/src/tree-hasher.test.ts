import { accessSync, constants } from 'node:fs';
import { chmod, mkdir, rename, symlink, writeFile } from 'node:fs/promises';
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

  /** /proc/kmsg: a regular file of size 0 whose reads, once its messages are read, wait for the next one for ever. */
  const kmsgReadable = (() => {
    try {
      accessSync('/proc/kmsg', constants.R_OK);
      return true;
    } catch {
      return false;
    }
  })();

  it.runIf(kmsgReadable)(
    'reads a file no further than its size, so one that never ends cannot hold the hash',
    async () => {
      // A skill's link, or an absolute path a check names: hashed by what is there, as the agent would see it.
      await symlink('/proc/kmsg', join(root, 'kmsg'));
      const hashed = await Promise.race([
        hash(),
        new Promise<string>((done) => setTimeout(() => done('still reading after 5 s'), 5000).unref()),
      ]);
      expect(hashed).toMatch(/^[0-9a-f]{64}$/);
    },
  );

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

  it('hashes the tree behind a link to a folder outside the tree: staging keeps it live, so its content counts', async () => {
    // skills/greet2/refs -> ../../shared, as a skill sharing references with others links them.
    await writeTree(join(dir, 'shared'), { 'answer.txt': 'GOOD', 'deep/more.md': 'x' });
    await symlink('../shared', join(root, 'refs'));
    const before = await hash();
    expect(await hash()).toBe(before);
    await writeFile(join(dir, 'shared/answer.txt'), 'BAD');
    const edited = await hash();
    expect(edited).not.toBe(before);
    await writeFile(join(dir, 'shared/deep/new.md'), 'new');
    const added = await hash();
    expect(added).not.toBe(edited);
    await chmod(join(dir, 'shared/answer.txt'), 0o755);
    expect(await hash()).not.toBe(added);
  });

  it('follows links out of a linked folder again, and hashes a linked folder by its real path', async () => {
    // refs -> ../shared, shared/more -> ../more (live in the staged copy as it is here), more/a.txt the content.
    await writeTree(join(dir, 'more'), { 'a.txt': 'one' });
    await mkdir(join(dir, 'shared'));
    await symlink('../more', join(dir, 'shared/more'));
    await symlink(join(dir, 'shared'), join(root, 'refs'));
    const before = await hash();
    await writeFile(join(dir, 'more/a.txt'), 'two');
    expect(await hash()).not.toBe(before);
  });

  it('ends on a link loop, through the hashed tree or among linked folders, and still sees content in the loop', async () => {
    await writeTree(join(dir, 'a'), { 'a.txt': 'a' });
    await writeTree(join(dir, 'b'), { 'b.txt': 'b' });
    await symlink('../a', join(root, 'refs')); // skill -> a
    await symlink('../b', join(dir, 'a/to-b')); // a -> b
    await symlink('../a', join(dir, 'b/to-a')); // b -> a: a cycle out of the tree
    await symlink('../skill', join(dir, 'b/to-skill')); // b -> the hashed tree itself
    await symlink('.', join(dir, 'a/self')); // a -> a, a link into its own folder
    const before = await hash();
    expect(await hash()).toBe(before);
    await writeFile(join(dir, 'b/b.txt'), 'b changed');
    expect(await hash()).not.toBe(before);
  });

  it('counts a link to a folder inside the tree by its target: the staged link points at the copy, hashed anyway', async () => {
    await symlink('scripts', join(root, 'tools'));
    await symlink(join(root, 'evals'), join(root, 'tests')); // absolute, into the tree: staged relative
    // Nothing is read behind them: a hasher allowed nothing behind links hashes the tree.
    const strict = () => createTreeHasher(32, { entries: 0, bytes: 0 }).hash(root);
    const before = await strict();
    expect(before).toBe(await hash());
    await writeFile(join(root, 'scripts/run.sh'), 'echo bye\n');
    expect(await strict()).not.toBe(before);
  });

  it('hashes a hashed path that is itself a link to a folder by the folder behind it', async () => {
    const link = join(dir, 'linked-skill');
    await symlink(root, link);
    expect(await hash(link)).toBe(await hash(root));
    const before = await hash(link);
    await writeFile(join(root, 'SKILL.md'), 'changed');
    expect(await hash(link)).not.toBe(before);
  });

  it('refuses to hash more than its limits behind links (a link to / or a huge folder), never the tree itself', async () => {
    await writeTree(
      join(dir, 'big'),
      Object.fromEntries([...Array(20).keys()].map((i) => [`f${i}.txt`, 'x'.repeat(100)])),
    );
    const small = createTreeHasher(32, { entries: 10, bytes: 1_000_000 });
    expect(await small.hash(join(dir, 'big'))).toMatch(/^[0-9a-f]{64}$/);
    await symlink('../big', join(root, 'refs'));
    await expect(createTreeHasher(32, { entries: 10, bytes: 1_000_000 }).hash(root)).rejects.toThrow(
      /links to hold more than 10 entries/,
    );
    await expect(createTreeHasher(32, { entries: 1000, bytes: 1000 }).hash(root)).rejects.toThrow(/1000 bytes/);
    expect(await createTreeHasher(32, { entries: 1000, bytes: 1_000_000 }).hash(root)).toMatch(/^[0-9a-f]{64}$/);
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
