import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { tempFolder } from '@skill-eval/testing/temp-folder';
import { describe, expect, it } from 'vitest';
import { checkSkills } from './check-skills.js';
import { found, skillMd, writeFiles } from './test-support/skill-folder.js';

describe('checkSkills', () => {
  it('checks every skill of a folder in one run, and the pairs of them', () => {
    const root = tempFolder('skill-check-');
    writeFiles(root, {
      'skills/good/SKILL.md': skillMd('name: good\ndescription: Formats dates. Use when a date needs formatting.'),
      'skills/bad/SKILL.md': skillMd('name: Bad\ndescription: Formats dates. Use when a date needs formatting.'),
      'skills/bad/node_modules/x/SKILL.md': 'not a skill of this folder',
    });
    const { skills, diagnostics } = checkSkills(['skills'], root);
    expect(skills.map((s) => s.name)).toEqual(['Bad', 'good']);
    expect(found(diagnostics)).toEqual([
      'error skill/name-format',
      'error skill/name-folder-mismatch',
      'warning skill/description-overlap',
    ]);
  });

  it('takes a SKILL.md as its skill, and reports paths that name no skill', () => {
    const root = tempFolder('skill-check-');
    writeFiles(root, { 'a/SKILL.md': skillMd('name: a\ndescription: Use when a.'), 'empty/x.txt': '' });
    const result = checkSkills(['a/SKILL.md', 'empty', 'nowhere'], root);
    expect(result.skills.map((s) => s.name)).toEqual(['a']);
    expect(found(result.diagnostics)).toEqual(['error skill/no-skill', 'error skill/not-found']);
  });

  it('follows a linked skill folder, each real folder once', () => {
    const root = tempFolder('skill-check-');
    writeFiles(root, { 'src/pdf/SKILL.md': skillMd('name: pdf\ndescription: Use when reading PDFs.') });
    writeFiles(root, { '.claude/skills/.keep': '' });
    symlinkSync(join(root, 'src', 'pdf'), join(root, '.claude', 'skills', 'pdf'));
    symlinkSync(join(root, '.claude'), join(root, 'src', 'loop'));
    const { skills, diagnostics } = checkSkills(['.'], root);
    expect(skills.map((s) => s.dir)).toEqual([join(root, '.claude', 'skills', 'pdf')]);
    expect(diagnostics).toEqual([]);
  });

  it.skipIf(process.platform === 'win32')('does not read a FIFO named SKILL.md (reading it would block)', () => {
    const root = tempFolder('skill-check-');
    writeFiles(root, { 'pipe/.keep': '' });
    execFileSync('mkfifo', [join(root, 'pipe', 'SKILL.md')]);
    expect(found(checkSkills(['pipe', 'pipe/SKILL.md'], root).diagnostics)).toEqual([
      'error skill/no-skill',
      'error skill/no-skill',
    ]);
  });
});
