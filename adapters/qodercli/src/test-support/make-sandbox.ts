import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineRunInput } from '@skill-eval/core';

/** A temp dir with a workspace, a HOME and an artifacts dir; `cleanup()` removes it. */
export function makeSandbox(prefix = 'qoder-engine-') {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const dirs = { root, workspace: join(root, 'ws'), home: join(root, 'home'), artifacts: join(root, 'artifacts') };
  for (const dir of [dirs.workspace, dirs.home]) mkdirSync(dir);
  return {
    ...dirs,
    /** Writes an executable shell script into the sandbox and returns its path. */
    script(name: string, body: string): string {
      const file = join(root, name);
      writeFileSync(file, `#!/bin/sh\n${body}\n`);
      chmodSync(file, 0o755);
      return file;
    },
    input(overrides: Partial<EngineRunInput> = {}): EngineRunInput {
      return {
        executionId: 'exec-1',
        workspace: dirs.workspace,
        home: dirs.home,
        skills: [],
        turns: ['Hello'],
        timeoutMs: 30_000,
        signal: new AbortController().signal,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
        artifactsDir: dirs.artifacts,
        ...overrides,
      };
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** True when the process no longer runs (absent, or a zombie nobody reaped yet). */
export function isGone(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return true;
  try {
    const state = readFileSync(stat, 'utf8').replace(/^.*\) /s, '')[0];
    return state === 'Z' || state === 'X';
  } catch {
    return true;
  }
}
