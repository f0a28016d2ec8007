import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFixtureStager } from './fixture-stager.js';
import { projectExclusion } from './project-exclusion.js';
import { probeOverlay } from './staging-probe.js';
import { mounted, tempDir, writeTree } from './test-support/fixtures.js';
import { createTreeHasher } from './tree-hasher.js';
import { createWorkspace } from './workspace.js';

// BMAD's workspace starts as a copy of the project root; skill-eval lays it by its fast staging path (an overlay mount
// whose upper layer hides what is left out, else reflinks or a copy) without .git, node_modules, run folders and what
// the user excludes.

describe('the project copy', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let project: string;
  let parent: string;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
    project = join(dir, 'project');
    parent = join(dir, 'tmp');
    await writeTree(project, {
      'README.md': 'readme',
      '_bmad/config.yaml': 'x: 1',
      '.git/HEAD': 'ref',
      'node_modules/dep/index.js': 'dep',
      'packages/a/node_modules/dep/index.js': 'nested dep',
      'packages/a/src/a.ts': 'export {}',
      'packages/a/build.log': 'log',
      'docs/big/data.bin': 'big',
      'docs/small.md': 'small',
      '.skill-eval/cache/x': 'cache',
      'results/run-1/run.json': JSON.stringify({ format: 'skill-eval-run-v1' }),
      'results/run-1/results.jsonl': '',
      'results/notes.md': 'kept',
    });
    await writeTree(parent, { '.keep': '' });
  });
  afterEach(() => cleanup());

  const exclusion = () => projectExclusion(project, ['*.log', 'docs/big']);
  const KEPT = ['README.md', '_bmad/config.yaml', 'docs/small.md', 'packages/a/src/a.ts', 'results/notes.md'];

  /** Every file below `root`, relative and sorted. */
  const filesBelow = async (root: string) =>
    (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
      .sort();

  it.each(['copy', 'overlay'] as const)(
    'by %s: the files, without what is left out; the project stays as it was',
    async (method) => {
      const canMount = method === 'overlay' && (await probeOverlay(parent));
      const stager = await createFixtureStager({ tempDir: parent, method });
      const work = await createWorkspace(parent);
      try {
        const used = await stager.stageProject(project, await exclusion(), work.ws, work);
        expect(used).toBe(canMount ? 'overlay' : method === 'copy' ? 'copy' : stager.method);
        expect(work.mounts).toEqual(canMount ? [work.ws] : []);
        if (canMount) expect(mounted(work.ws)).toBe(true);
        expect(await filesBelow(work.ws)).toEqual(KEPT);
        // What the agent writes lands in the workspace alone.
        await writeFile(join(work.ws, 'README.md'), 'changed');
        await writeFile(join(work.ws, 'new.md'), 'new');
        expect(await readFile(join(project, 'README.md'), 'utf8')).toBe('readme');
        expect(existsSync(join(project, 'new.md'))).toBe(false);
      } finally {
        await work.dispose();
      }
      expect(mounted(work.ws)).toBe(false);
      expect(existsSync(work.root)).toBe(false);
    },
  );

  it('the run directory and temp folder of the run are left out when they lie in the project', async () => {
    await writeTree(project, { 'out/now/results.jsonl': '', 'scratch/ws/x': 'x' });
    const exclude = await projectExclusion(project, [], [join(project, 'out', 'now'), join(project, 'scratch')]);
    expect(exclude('out/now', true)).toBe(true);
    expect(exclude('scratch', true)).toBe(true);
    expect(exclude('out', true)).toBe(false);
  });

  it('the cache key hashes the project as it is copied: a change to a file left out keeps the hash', async () => {
    const hash = async () => createTreeHasher().hash(project, { skip: await exclusion() });
    const before = await hash();
    await writeFile(join(project, 'node_modules/dep/index.js'), 'changed dep');
    await writeFile(join(project, 'packages/a/build.log'), 'changed log');
    await writeFile(join(project, 'results/run-1/results.jsonl'), '{}');
    expect(await hash()).toBe(before);
    await writeFile(join(project, 'docs/small.md'), 'changed');
    expect(await hash()).not.toBe(before);
  });
});
