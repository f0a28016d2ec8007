import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSkillTool, discoverSkills, skillListing } from './skill-tool.js';
import { tempWorkspace } from './testing/index.js';

let ws: Awaited<ReturnType<typeof tempWorkspace>>;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

describe('skill tool', () => {
  it('discovers staged skills by frontmatter name, falling back to the folder name', async () => {
    await mkdir(join(ws.workspace, '.claude/skills/plain'));
    await writeFile(join(ws.workspace, '.claude/skills/plain/SKILL.md'), '# No frontmatter\n');
    await mkdir(join(ws.workspace, '.claude/skills/empty'));
    const skills = discoverSkills(ws.workspace, ['.claude/skills']);
    expect(skills.map((s) => s.name)).toEqual(['pirate-speak', 'plain']);
    expect(skillListing(skills)).toBe(
      'The following skills are available for use with the Skill tool:\n\n' +
        '- pirate-speak: Use when the user wants a greeting in pirate speak.\n- plain: ',
    );
  });

  it('returns the base directory and the body without frontmatter; unknown skills are errors', async () => {
    const skills = discoverSkills(ws.workspace, ['.claude/skills']);
    const tool = createSkillTool(skills);
    const result = await tool.run({ skill: 'pirate-speak', args: 'loud' });
    expect(tool.skillOf?.({ skill: 'pirate-speak' })).toEqual({ name: 'pirate-speak', via: 'tool' });
    expect(tool.skillOf?.({ skill: 'nope' })).toBeUndefined();
    expect(result.output).toBe(
      `Base directory for this skill: ${join(ws.workspace, '.claude/skills/pirate')}\n\n# Pirate\nSay AHOY in capitals.\n\nARGUMENTS: loud`,
    );
    await expect(tool.run({ skill: 'nope' })).rejects.toThrow(/Unknown skill: nope. Available skills: pirate-speak/);
  });
});
