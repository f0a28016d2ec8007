import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

/**
 * A new folder in the temp folder (`<prefix>XXXXXX`), removed when the test that made it ends — or, made outside a
 * test (at a test file's top level, in a `describe`), once the tests around it have run. Nothing is left behind.
 */
export function tempFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    onTestFinished(remove);
  } catch {
    // Outside a test, vitest has no test to end: the suite being collected takes the removal.
    afterAll(remove);
  }
  return dir;
}
