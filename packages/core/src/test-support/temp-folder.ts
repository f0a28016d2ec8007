import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A new folder in the temp folder (`<prefix>XXXXXX`), removed when the test that made it ends. Core's own tests use
 * this one: `@skill-eval/testing`'s `tempFolder` is built on core, so core cannot take it.
 */
export function tempFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
