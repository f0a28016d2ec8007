import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineRunInput } from '@skill-eval/core';

/** A temp dir for engine tests: a workspace, a HOME, an artifacts dir and stand-in scripts. */
export interface EngineSandbox {
  /** The temp dir holding everything else. */
  root: string;
  /** `EngineRunInput.workspace`, created. */
  workspace: string;
  /** `EngineRunInput.home`, created. */
  home: string;
  /** `EngineRunInput.artifactsDir`, left for the engine to create. */
  artifacts: string;
  /** Writes an executable shell script into the sandbox and returns its path. */
  script(name: string, body: string): string;
  /** A run input pointing into the sandbox, with `overrides` on top. */
  input(overrides?: Partial<EngineRunInput>): EngineRunInput;
  /** Removes the temp dir. */
  cleanup(): void;
}

/** A fresh sandbox; `env` is added to the PATH every input carries. */
export function makeSandbox(prefix = 'engine-sandbox-', env: Record<string, string> = {}): EngineSandbox {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const dirs = { root, workspace: join(root, 'ws'), home: join(root, 'home'), artifacts: join(root, 'artifacts') };
  for (const dir of [dirs.workspace, dirs.home]) mkdirSync(dir);
  return {
    ...dirs,
    script(name, body) {
      const file = join(root, name);
      writeFileSync(file, `#!/bin/sh\n${body}\n`);
      chmodSync(file, 0o755);
      return file;
    },
    input(overrides = {}) {
      return {
        executionId: 'exec-1',
        workspace: dirs.workspace,
        home: dirs.home,
        skills: [],
        turns: ['Hello'],
        timeoutMs: 30_000,
        signal: new AbortController().signal,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
        artifactsDir: dirs.artifacts,
        ...overrides,
      };
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
