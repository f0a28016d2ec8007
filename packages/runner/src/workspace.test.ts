import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { executionTempDir, WorkspaceSpecSchema } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stageSkills } from './stage-skills.js';
import { tempDir, writeTree } from './test-support/fixtures.js';
import { createWorkspace, prepareWorkspace } from './workspace.js';

describe('prepareWorkspace and stageSkills', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
    await writeTree(dir, {
      'src/data.csv': 'a,b\n1,2\n',
      'src/tree/x.txt': 'x',
      'src/tree/sub/y.txt': 'y',
      'overlay1/shared.txt': 'from overlay1',
      'overlay1/only1.txt': '1',
      'overlay2/shared.txt': 'from overlay2',
      'overlay2/.claude/skills/pdf/SKILL.md': 'stale copy from an overlay',
      'overlay2/.claude/skills/pdf/leftover.txt': 'should vanish',
      'skill/SKILL.md': '---\nname: pdf\n---\nbody',
      'skill/scripts/run.sh': 'echo hi',
      'skill/.git/HEAD': 'ref',
      'skill/node_modules/dep/index.js': '',
      'skill/.skill-eval/runs/2026-01-01T00-00-00/results.jsonl': '{}',
    });
  });
  afterEach(() => cleanup());

  const spec = (fields: object) => WorkspaceSpecSchema.parse(fields);

  it('copies files and dirs, writes inline files, lays overlays in order, then the skill wins', async () => {
    const work = await prepareWorkspace(
      spec({
        files: [
          { from: join(dir, 'src/data.csv'), to: 'in/data.csv' },
          { from: join(dir, 'src/tree'), to: 'tree' },
        ],
        inline: { 'notes/a.md': 'inline!' },
        overlays: [join(dir, 'overlay1'), join(dir, 'overlay2')],
      }),
      dir,
    );
    const { ws, home } = work;
    expect(existsSync(home)).toBe(true);
    expect(await readFile(join(ws, 'in/data.csv'), 'utf8')).toBe('a,b\n1,2\n');
    expect(await readFile(join(ws, 'tree/sub/y.txt'), 'utf8')).toBe('y');
    expect(await readFile(join(ws, 'notes/a.md'), 'utf8')).toBe('inline!');
    expect(await readFile(join(ws, 'shared.txt'), 'utf8')).toBe('from overlay2');
    expect(existsSync(join(ws, 'only1.txt'))).toBe(true);

    const staged = await stageSkills(
      [{ name: 'pdf', dir: join(dir, 'skill') }],
      ws,
      ['.claude/skills', '.agents/skills'],
      join(work.root, 'skills'),
    );
    expect(staged.warnings).toEqual([]);
    expect(staged.skills).toEqual([{ name: 'pdf', dir: join(ws, '.claude/skills/pdf') }]);
    for (const root of ['.claude/skills', '.agents/skills']) {
      const skillDir = join(ws, root, 'pdf');
      expect(await readFile(join(skillDir, 'SKILL.md'), 'utf8')).toContain('name: pdf');
      expect(existsSync(join(skillDir, 'scripts/run.sh'))).toBe(true);
      expect((await readdir(skillDir)).sort()).toEqual(['SKILL.md', 'scripts']);
    }
    await work.dispose();
    expect(existsSync(work.root)).toBe(false);
  });

  it('refuses a fixture target outside the workspace and leaves nothing behind', async () => {
    const parent = join(dir, 'tmp');
    await expect(
      prepareWorkspace(spec({ files: [{ from: join(dir, 'src/data.csv'), to: '../escape.csv' }] }), parent),
    ).rejects.toMatchObject({ code: 'WORKSPACE_FAILED' });
    await expect(prepareWorkspace(spec({ inline: { '/etc/evil': 'x' } }), parent)).rejects.toMatchObject({
      code: 'WORKSPACE_FAILED',
    });
    expect(await readdir(parent)).toEqual([]);
    expect(existsSync(join(dir, 'escape.csv'))).toBe(false);
  });

  it('warns when there is no skill to stage, and copies skills outside ws for engines without skill roots', async () => {
    const work = await prepareWorkspace(spec({}), dir);
    expect((await stageSkills([], work.ws, ['.claude/skills'], join(work.root, 'skills'))).warnings).toHaveLength(1);
    const missing = await stageSkills(
      [{ name: 'gone', dir: join(dir, 'nope') }],
      work.ws,
      ['.claude/skills'],
      join(work.root, 'skills'),
    );
    expect(missing.skills).toEqual([]);
    expect(missing.warnings[0]).toEqual({ kind: 'skill', message: expect.stringMatching(/gone/) });
    const api = await stageSkills([{ name: 'pdf', dir: join(dir, 'skill') }], work.ws, [], join(work.root, 'skills'));
    expect(api.skills[0]!.dir).toBe(join(work.root, 'skills/pdf'));
    expect(await readdir(work.ws)).toEqual([]);
    await work.dispose();
  });
});

describe('Workspace.dispose', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  // The usual workspace is removed in one stretch, anything else by rm: both leave nothing, and neither follows a link.
  it.each([
    ['as most executions leave it', { 'artifacts/prompt.txt': 'p', 'artifacts/session-input.json': '{}' }, []],
    ['with files in ws', { 'ws/a/b/c.txt': 'c', 'ws/d.txt': 'd', 'artifacts/log.txt': 'l' }, []],
    ['with more files than one stretch takes', Object.fromEntries(range(40).map((i) => [`artifacts/f${i}`, 'x'])), []],
    ['with links to outside files', { 'artifacts/ok.txt': 'ok' }, ['artifacts/link', 'ws/link', 'link']],
    ['with what its programs left in their temp folder', { 'home/.tmp/claude-0/out.txt': 'o', 'home/.tmp/x': 'x' }, []],
    ['with a link in its temp folder', {}, ['home/.tmp/link']],
  ])('removes a workspace %s, and nothing outside it', async (_, files: Record<string, string>, links: string[]) => {
    const outside = join(dir, 'outside');
    await writeTree(outside, { 'keep.txt': 'keep' });
    const workspace = await createWorkspace(join(dir, 'tmp'));
    await writeTree(workspace.root, files);
    for (const link of links) symlinkSync(outside, join(workspace.root, link));
    await workspace.dispose();
    expect(existsSync(workspace.root)).toBe(false);
    expect(await readFile(join(outside, 'keep.txt'), 'utf8')).toBe('keep');
  });

  it('gives the execution a temp folder of its own in its HOME, empty, which goes with it', async () => {
    const workspace = await createWorkspace(join(dir, 'tmp'));
    expect(await readdir(workspace.home)).toEqual(['.tmp']);
    expect(await readdir(executionTempDir(workspace.home))).toEqual([]);
    await workspace.dispose();
    expect(existsSync(workspace.root)).toBe(false);
  });

  it('removes a workspace whose temp folder an agent swapped for a link, and not the folder linked', async () => {
    const outside = join(dir, 'outside');
    await writeTree(outside, { 'keep.txt': 'keep' });
    const workspace = await createWorkspace(join(dir, 'tmp'));
    rmSync(executionTempDir(workspace.home), { recursive: true });
    symlinkSync(outside, executionTempDir(workspace.home));
    await workspace.dispose();
    expect(existsSync(workspace.root)).toBe(false);
    expect(await readFile(join(outside, 'keep.txt'), 'utf8')).toBe('keep');
  });

  it('removes a workspace whose folders an agent swapped for links, and neither the folders linked nor what they hold', async () => {
    const outside = join(dir, 'outside');
    await writeTree(outside, { 'full/keep.txt': 'keep' });
    mkdirSync(join(outside, 'empty'));
    const workspace = await createWorkspace(join(dir, 'tmp'));
    rmSync(workspace.ws, { recursive: true });
    rmSync(workspace.home, { recursive: true });
    symlinkSync(join(outside, 'full'), workspace.ws);
    symlinkSync(join(outside, 'empty'), workspace.home);
    await workspace.dispose();
    expect(existsSync(workspace.root)).toBe(false);
    expect(await readFile(join(outside, 'full', 'keep.txt'), 'utf8')).toBe('keep');
    expect(existsSync(join(outside, 'empty'))).toBe(true);
  });
});

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
