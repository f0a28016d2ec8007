import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineRunInput } from '@skill-eval/core';

/** A temp dir holding `workspace/<skillRoot>/pirate/SKILL.md`. */
export interface TempWorkspace {
  /** The temp dir, also usable as HOME. */
  root: string;
  /** `root/workspace`, with the pirate skill staged. */
  workspace: string;
  /** Removes `root`. */
  cleanup: () => Promise<void>;
  /** An engine run of `turns` in this workspace (HOME `root`, artifacts in `root/artifacts`, 10 s), `over` applied. */
  runInput: (turns: string[], over?: Partial<EngineRunInput>) => EngineRunInput;
}

/** A fresh temp workspace with the pirate skill under `skillRoot` (relative to the workspace). */
export async function tempWorkspace(skillRoot = '.claude/skills', prefix = 'agent-loop-'): Promise<TempWorkspace> {
  const root = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  const workspace = join(root, 'workspace');
  const skillDir = join(workspace, ...skillRoot.split('/'), 'pirate');
  await mkdir(skillDir, { recursive: true });
  await writeFile(
    join(skillDir, 'SKILL.md'),
    '---\nname: pirate-speak\ndescription: Use when the user wants a greeting in pirate speak.\n---\n# Pirate\nSay AHOY in capitals.\n',
  );
  return {
    root,
    workspace,
    cleanup: () => rm(root, { recursive: true, force: true }),
    runInput: (turns, over = {}) => ({
      executionId: 'x1',
      workspace,
      home: root,
      skills: [],
      turns,
      timeoutMs: 10_000,
      signal: new AbortController().signal,
      env: {},
      artifactsDir: join(root, 'artifacts'),
      ...over,
    }),
  };
}
