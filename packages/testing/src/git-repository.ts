import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Makes `dir` the top of a git repository as git's discovery sees one (a `.git` folder holding `HEAD`, `objects` and
 * `refs`), without running git: what a project root needs to be in a test. A bare `.git` folder is no repository.
 */
export function makeGitRepository(dir: string): void {
  for (const sub of ['objects', 'refs/heads']) mkdirSync(join(dir, '.git', sub), { recursive: true });
  writeFileSync(join(dir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
}
