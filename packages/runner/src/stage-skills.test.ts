import { appendFile, mkdir, readdir, readFile, readlink, realpath, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stageSkills } from './stage-skills.js';
import { useTempDir, writeTree } from './test-support/fixtures.js';

let dir = '';
useTempDir('stage-skills-', (made) => {
  dir = made;
});

/** Stages the skills into `<dir>/ws` under `.claude/skills`. */
const stage = (skills: { name: string; folder: string }[]) =>
  stageSkills(
    skills.map(({ name, folder }) => ({ name, dir: join(dir, folder) })),
    join(dir, 'ws'),
    ['.claude/skills'],
    join(dir, 'fallback'),
  );

describe('stageSkills with symlinks in the skill', () => {
  const writeSkillWithLinks = async () => {
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
  };

  it("points a link to the skill's own file at the staged copy, so a write through it leaves the source alone", async () => {
    await writeSkillWithLinks();
    await stage([{ name: 'pdf', folder: 'skill' }]);
    const staged = join(dir, 'ws/.claude/skills/pdf');
    for (const link of ['run.sh', 'absolute-run.sh', 'scripts-again/run.sh']) {
      expect(await realpath(join(staged, link))).toBe(await realpath(join(staged, 'scripts/run.sh')));
      await appendFile(join(staged, link), '# the agent was here\n');
    }
    expect(await readFile(join(dir, 'skill/scripts/run.sh'), 'utf8')).toBe('echo hi\n');
    expect(await readlink(join(staged, 'run.sh'))).toBe('scripts/run.sh');
  });

  it('keeps a link out of the skill a live link to the file it resolves to', async () => {
    await writeSkillWithLinks();
    await stage([{ name: 'pdf', folder: 'skill' }]);
    const notes = join(dir, 'ws/.claude/skills/pdf/docs/notes.md');
    expect(await readFile(notes, 'utf8')).toBe('shared notes\n');
    expect(await realpath(notes)).toBe(await realpath(join(dir, 'shared/notes.md')));
  });
});

describe('stageSkills with a skill name that is not a folder name', () => {
  it.each(['org/pdf', '../pdf', '../../../../pdf', '..'])(
    'refuses the name %j, naming the SKILL.md line to change, and stages nothing',
    async (name) => {
      await writeTree(dir, { 'skill/SKILL.md': `---\ndescription: d\nname: ${name}\n---\nbody` });
      await mkdir(join(dir, 'ws'));
      const staging = stage([{ name, folder: 'skill' }]);
      await expect(staging).rejects.toMatchObject({ code: 'BAD_INPUT' });
      await expect(staging).rejects.toThrow(`${join(dir, 'skill/SKILL.md')}:3: The skill name ${JSON.stringify(name)}`);
      expect(await readdir(dir)).toEqual(['skill', 'ws']);
      expect(await readdir(join(dir, 'ws'))).toEqual([]);
    },
  );
});

describe('stageSkills with several skills of one name', () => {
  it('keeps the first, warns about the second, and stages the rest', async () => {
    await writeTree(dir, {
      'a/SKILL.md': '---\nname: same\n---\nfrom a',
      'b/SKILL.md': '---\nname: same\n---\nfrom b',
      'c/SKILL.md': '---\nname: other\n---\nfrom c',
    });
    const staged = await stage([
      { name: 'same', folder: 'a' },
      { name: 'same', folder: 'b' },
      { name: 'same', folder: 'a' },
      { name: 'other', folder: 'c' },
    ]);
    expect(await readFile(join(dir, 'ws/.claude/skills/same/SKILL.md'), 'utf8')).toContain('from a');
    expect(staged.skills.map((s) => s.name)).toEqual(['same', 'other']);
    expect(staged.warnings).toHaveLength(1);
    expect(staged.warnings[0]?.kind).toBe('skill');
    expect(staged.warnings[0]?.message).toContain(join(dir, 'b'));
    expect(staged.warnings[0]?.message).toContain(join(dir, 'a'));
  });
});
