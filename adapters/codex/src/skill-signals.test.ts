import { describe, expect, it } from 'vitest';
import { skillsMentionedIn, skillsReadBy } from './skill-signals.js';

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

describe('skillsMentionedIn', () => {
  it('counts $name of staged skills only, as a whole word', () => {
    const names = ['pdf', 'pdf-tools', 'a.b'];
    expect(skillsMentionedIn('Use $pdf-tools on this', names)).toEqual(['pdf-tools']);
    expect(skillsMentionedIn('Use $pdf, please', names)).toEqual(['pdf']);
    expect(skillsMentionedIn('$a.b now', names)).toEqual(['a.b']);
    expect(skillsMentionedIn('$aXb now; pdf without dollar; $HOME', names)).toEqual([]);
  });
});
