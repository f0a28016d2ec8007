import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentTool } from './agent-tool.js';
import { discoverSkills } from './skill-tool.js';
import { tempWorkspace } from './testing/index.js';
import { createWorkspaceTools } from './workspace-tools.js';

let ws: Awaited<ReturnType<typeof tempWorkspace>>;
let tools: Record<string, AgentTool>;
beforeEach(async () => {
  ws = await tempWorkspace();
  tools = Object.fromEntries(createWorkspaceTools(ws.workspace).map((t) => [t.definition.name, t]));
});
afterEach(() => ws.cleanup());

describe('workspace tools', () => {
  it('Write creates the file (and its folders) inside the workspace, Read returns it', async () => {
    await tools.Write!.run({ file_path: 'out/ahoy.txt', content: 'AHOY\n' });
    expect(await readFile(join(ws.workspace, 'out/ahoy.txt'), 'utf8')).toBe('AHOY\n');
    expect((await tools.Read!.run({ file_path: join(ws.workspace, 'out/ahoy.txt') })).output).toBe('AHOY\n');
  });

  it('refuses paths outside the workspace, also through a symlink', async () => {
    await expect(tools.Write!.run({ file_path: '../escape.txt', content: 'x' })).rejects.toThrow(
      /outside the workspace/,
    );
    await expect(tools.Read!.run({ file_path: join(ws.root, 'outside.txt') })).rejects.toThrow(/outside the workspace/);
    await mkdir(join(ws.root, 'elsewhere'));
    await symlink(join(ws.root, 'elsewhere'), join(ws.workspace, 'link'));
    await expect(tools.Write!.run({ file_path: 'link/x.txt', content: 'x' })).rejects.toThrow(/outside the workspace/);
    expect(existsSync(join(ws.root, 'escape.txt'))).toBe(false);
    expect(existsSync(join(ws.root, 'elsewhere/x.txt'))).toBe(false);
  });

  it('follows a dangling symlink to where a write would land', async () => {
    await mkdir(join(ws.root, 'elsewhere'));
    await symlink(join(ws.root, 'elsewhere/new.txt'), join(ws.workspace, 'dangling'));
    await symlink(join(ws.root, 'gone'), join(ws.workspace, 'dangling-dir'));
    await symlink('loop-b', join(ws.workspace, 'loop-a'));
    await symlink('loop-a', join(ws.workspace, 'loop-b'));
    await symlink('later/made.txt', join(ws.workspace, 'inside'));
    await expect(tools.Write!.run({ file_path: 'dangling', content: 'x' })).rejects.toThrow(/outside the workspace/);
    await expect(tools.Write!.run({ file_path: 'dangling-dir/x.txt', content: 'x' })).rejects.toThrow(
      /outside the workspace/,
    );
    await expect(tools.Write!.run({ file_path: 'loop-a', content: 'x' })).rejects.toThrow(/Too many levels/);
    expect(existsSync(join(ws.root, 'elsewhere/new.txt'))).toBe(false);
    expect(existsSync(join(ws.root, 'gone'))).toBe(false);
    await mkdir(join(ws.workspace, 'later'));
    await tools.Write!.run({ file_path: 'inside', content: 'kept' });
    expect(await readFile(join(ws.workspace, 'later/made.txt'), 'utf8')).toBe('kept');
  });

  it('Read names the staged skill whose SKILL.md it opens, by relative or absolute path', () => {
    const skills = discoverSkills(ws.workspace, ['.claude/skills']);
    const read = createWorkspaceTools(ws.workspace, skills).find((t) => t.definition.name === 'Read')!;
    const signal = { name: 'pirate-speak', via: 'file-read' };
    expect(read.skillOf?.({ file_path: '.claude/skills/pirate/SKILL.md' })).toEqual(signal);
    expect(read.skillOf?.({ file_path: join(ws.workspace, '.claude/skills/pirate/SKILL.md') })).toEqual(signal);
    expect(read.skillOf?.({ file_path: '.claude/skills/pirate/notes.md' })).toBeUndefined();
    expect(read.skillOf?.({ file_path: 'other/pirate/SKILL.md' })).toBeUndefined();
  });

  it('ListFiles lists files recursively with workspace-relative paths', async () => {
    await writeFile(join(ws.workspace, 'a.txt'), 'a');
    const { output } = await tools.ListFiles!.run({});
    expect(output.split('\n').sort()).toEqual(['.claude/skills/pirate/SKILL.md', 'a.txt']);
    await expect(tools.ListFiles!.run({ path: 'missing' })).rejects.toThrow(/No such directory/);
  });

  it('rejects inputs of the wrong shape', async () => {
    await expect(tools.Write!.run({ file_path: 'a.txt' })).rejects.toThrow(/content/);
    await expect(tools.Read!.run({ file_path: 3 })).rejects.toThrow(/must be a string/);
  });
});
