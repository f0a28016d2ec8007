import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { writeDemoSkill } from './demo-skill.js';

/**
 * A fresh temp folder for each test, holding the demo skill (see writeDemoSkill) and removed after it; `made` is told
 * its path before the test runs.
 */
export function useDemoSkillFolder(prefix: string, made: (dir: string) => void): void {
  let dir: string | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    writeDemoSkill(dir);
    made(dir);
  });
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
}
