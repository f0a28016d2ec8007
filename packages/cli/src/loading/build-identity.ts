import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What names this build of the CLI's code, for caches of what that code computes (kept loads of eval files): the
 * names of the bundle's chunks, which esbuild names by their content, and the size and time of its entry. Undefined
 * where the CLI does not run from its bundle (its sources or their build, under a test), whose files change without
 * changing their names: nothing is kept there.
 */
export function buildIdentity(here: string = fileURLToPath(import.meta.url)): string | undefined {
  const bundle = basename(dirname(here)) === 'chunks' ? dirname(dirname(here)) : dirname(here);
  const chunks = join(bundle, 'chunks');
  try {
    const entry = statSync(join(bundle, 'skill-eval.cjs'));
    return `${entry.size}:${entry.mtimeMs}:${readdirSync(chunks).sort().join('/')}`;
  } catch {
    return undefined;
  }
}
