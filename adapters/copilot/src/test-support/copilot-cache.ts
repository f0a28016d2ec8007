import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The real copilot binary (pinned devDependency). */
export const COPILOT = fileURLToPath(new URL('../../node_modules/.bin/copilot', import.meta.url));

/**
 * One package cache for the tests' executions: copilot unpacks its 235 MB package into `$XDG_CACHE_HOME/copilot` on
 * first start, which each fresh HOME would do again (about 10 s); the engine hands the user's cache on the same way.
 * It lies in the clone's `node_modules/.cache` (the CLI's tests share it), not the machine's temp folder: a test run
 * leaves nothing there, and the cache goes with the clone.
 */
export function sharedCache(): string {
  const dir = fileURLToPath(new URL('../../../../node_modules/.cache/skill-eval-copilot-test', import.meta.url));
  mkdirSync(dir, { recursive: true });
  return dir;
}
