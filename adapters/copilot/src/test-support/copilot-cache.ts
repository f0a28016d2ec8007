import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real copilot binary (pinned devDependency). */
export const COPILOT = fileURLToPath(new URL('../../node_modules/.bin/copilot', import.meta.url));

/**
 * One package cache for the tests' executions: copilot unpacks its 235 MB package into `$XDG_CACHE_HOME/copilot` on
 * first start, which each fresh HOME would do again (about 10 s); the engine hands the user's cache on the same way.
 */
export function sharedCache(): string {
  const dir = join(tmpdir(), 'skill-eval-copilot-test-cache');
  mkdirSync(dir, { recursive: true });
  return dir;
}
