import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temp dir with `workspace/.claude/skills/pirate/SKILL.md`; `cleanup()` removes it. */
export async function tempWorkspace(): Promise<{ root: string; workspace: string; cleanup: () => Promise<void> }> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'agent-loop-')));
  const workspace = join(root, 'workspace');
  const skillDir = join(workspace, '.claude', 'skills', 'pirate');
  await mkdir(skillDir, { recursive: true });
  await writeFile(
    join(skillDir, 'SKILL.md'),
    '---\nname: pirate-speak\ndescription: Use when the user wants a greeting in pirate speak.\n---\n# Pirate\nSay AHOY in capitals.\n',
  );
  return { root, workspace, cleanup: () => rm(root, { recursive: true, force: true }) };
}
