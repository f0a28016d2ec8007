import { describe, expect, it } from 'vitest';
import { skillsReadBy } from './skill-names.js';

describe('skillsReadBy', () => {
  it('finds the skill directory of every SKILL.md a command reads, absolute or relative', () => {
    expect(skillsReadBy("/bin/bash -lc 'cat /w/.agents/skills/pdf-tools/SKILL.md'")).toEqual(['pdf-tools']);
    expect(skillsReadBy('/bin/bash -lc "sed -n \'1,200p\' .agents/skills/a/SKILL.md && cat ../b/SKILL.md"')).toEqual([
      'a',
      'b',
    ]);
  });

  it('ignores commands that do not name a SKILL.md inside a directory', () => {
    expect(skillsReadBy('cat SKILL.md')).toEqual([]);
    expect(skillsReadBy('cat ./SKILL.md')).toEqual([]);
    expect(skillsReadBy('cat docs/SKILL.md.bak2')).toEqual([]);
    expect(skillsReadBy('ls .agents/skills/x')).toEqual([]);
  });
});
