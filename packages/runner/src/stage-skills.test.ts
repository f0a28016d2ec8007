import { appendFile, mkdir, readdir, readFile, readlink, realpath, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stageSkills } from './stage-skills.js';
import { useTempDir, writeTree } from './test-support/fixtures.js';

describe('stageSkills with symlinks in the skill', () => {
  let dir = '';
  useTempDir('stage-skills-', async (made) => {
    dir = made;
    await writeTree(dir, {
      'skill/SKILL.md': '---\nname: pdf\n---\nbody',
      'skill/scripts/run.sh': 'echo hi\n',
      'shared/notes.md': 'shared notes\n',
      'ws/.keep': '',
    });
    await symlink('scripts/run.sh', join(dir, 'skill/run.sh'));
    await symlink(join(dir, 'skill/scripts/run.sh'), join(dir, 'skill/absolute-run.sh'));
    await symlink('scripts', join(dir, 'skill/scripts-again'));
    await mkdir(join(dir, 'skill/docs'));
    await symlink('../../shared/notes.md', join(dir, 'skill/docs/notes.md'));
  });

  it("points a link to the skill's own file at the staged copy, so a write through it leaves the source alone", async () => {
    const ws = join(dir, 'ws');
    await stageSkills([{ name: 'pdf', dir: join(dir, 'skill') }], ws, ['.claude/skills'], join(dir, 'fallback'));
    const staged = join(ws, '.claude/skills/pdf');
    for (const link of ['run.sh', 'absolute-run.sh', 'scripts-again/run.sh']) {
      expect(await realpath(join(staged, link))).toBe(await realpath(join(staged, 'scripts/run.sh')));
      await appendFile(join(staged, link), '# the agent was here\n');
    }
    expect(await readFile(join(dir, 'skill/scripts/run.sh'), 'utf8')).toBe('echo hi\n');
    expect(await readlink(join(staged, 'run.sh'))).toBe('scripts/run.sh');
  });

  it('keeps a link out of the skill a live link to the file it resolves to', async () => {
    const ws = join(dir, 'ws');
    await stageSkills([{ name: 'pdf', dir: join(dir, 'skill') }], ws, ['.claude/skills'], join(dir, 'fallback'));
    const notes = join(ws, '.claude/skills/pdf/docs/notes.md');
    expect(await readFile(notes, 'utf8')).toBe('shared notes\n');
    expect(await realpath(notes)).toBe(await realpath(join(dir, 'shared/notes.md')));
  });
});

describe('stageSkills with a skill name that is not a folder name', () => {
  let dir = '';
  useTempDir('stage-skills-name-', (made) => {
    dir = made;
  });

  it.each(['org/pdf', '../pdf', '../../../../pdf', '..'])(
    'refuses the name %j, naming the SKILL.md line to change, and stages nothing',
    async (name) => {
      await writeTree(dir, { 'skill/SKILL.md': `---\ndescription: d\nname: ${name}\n---\nbody` });
      const ws = join(dir, 'ws');
      await mkdir(ws);
      const staging = stageSkills([{ name, dir: join(dir, 'skill') }], ws, ['.claude/skills'], join(dir, 'fallback'));
      await expect(staging).rejects.toMatchObject({ code: 'BAD_INPUT' });
      await expect(staging).rejects.toThrow(`${join(dir, 'skill/SKILL.md')}:3: the skill name ${JSON.stringify(name)}`);
      expect(await readdir(dir)).toEqual(['skill', 'ws']);
      expect(await readdir(ws)).toEqual([]);
    },
  );
});

describe('stageSkills with several skills of one name', () => {
  let dir = '';
  useTempDir('stage-skills-same-', async (made) => {
    dir = made;
    await writeTree(dir, {
      'a/SKILL.md': '---\nname: same\n---\nfrom a',
      'b/SKILL.md': '---\nname: same\n---\nfrom b',
      'c/SKILL.md': '---\nname: other\n---\nfrom c',
    });
  });

  it('keeps the first, warns about the second, and stages the rest', async () => {
    const ws = join(dir, 'ws');
    const skill = (folder: string, name: string) => ({ name, dir: join(dir, folder) });
    const staged = await stageSkills(
      [skill('a', 'same'), skill('b', 'same'), skill('a', 'same'), skill('c', 'other')],
      ws,
      ['.claude/skills'],
      join(dir, 'fallback'),
    );
    expect(await readFile(join(ws, '.claude/skills/same/SKILL.md'), 'utf8')).toContain('from a');
    expect(staged.skills.map((s) => s.name)).toEqual(['same', 'other']);
    expect(staged.warnings).toHaveLength(1);
    expect(staged.warnings[0]).toContain(join(dir, 'b'));
    expect(staged.warnings[0]).toContain(join(dir, 'a'));
  });
});
