import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
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
    const tool = createSkillTool(skills, ws.workspace);
    const result = await tool.run({ skill: 'pirate-speak', args: 'loud' });
    expect(tool.skillOf?.({ skill: 'pirate-speak' })).toEqual({ name: 'pirate-speak', via: 'tool' });
    expect(tool.skillOf?.({ skill: 'nope' })).toBeUndefined();
    expect(result.output).toBe(
      `Base directory for this skill: ${join(ws.workspace, '.claude/skills/pirate')}\n\n# Pirate\nSay AHOY in capitals.\n\nARGUMENTS: loud`,
    );
    await expect(tool.run({ skill: 'nope' })).rejects.toThrow(/Unknown skill: nope. Available skills: pirate-speak/);
  });

  // The harness reads these files on the host; in a container a setup step or the agent's tools can leave links here.
  it('refuses a SKILL.md that leads outside the workspace, at discovery and when the skill is called', async () => {
    const secret = join(ws.root, 'host-secret.md');
    await writeFile(secret, '---\nname: leaked\ndescription: host\n---\nhost-only text\n');
    await mkdir(join(ws.workspace, '.claude/skills/linked'));
    await symlink(secret, join(ws.workspace, '.claude/skills/linked/SKILL.md'));
    expect(() => discoverSkills(ws.workspace, ['.claude/skills'])).toThrow(
      /\.claude\/skills\/linked\/SKILL\.md leads outside the workspace through a link/,
    );
    await rm(join(ws.workspace, '.claude/skills/linked'), { recursive: true });
    const tool = createSkillTool(discoverSkills(ws.workspace, ['.claude/skills']), ws.workspace);
    // Swapped for a link after discovery.
    const pirate = join(ws.workspace, '.claude/skills/pirate/SKILL.md');
    await rm(pirate);
    await symlink(secret, pirate);
    await expect(tool.run({ skill: 'pirate-speak' })).rejects.toThrow(/cannot be read: .*symbolic link/);
  });
});
