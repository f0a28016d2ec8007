import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * BMAD's project root: the nearest folder at or above `from` holding `_bmad/` or `.git` (bmad-eval-runner's
 * `--project-root` default, "walk up from the skill path looking for `_bmad/` or `.git/`"); undefined when none does.
 */
export function bmadProjectRoot(from: string): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '_bmad')) || existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}
