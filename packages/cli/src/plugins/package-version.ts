import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of the package.json nearest above a module file (its package's root). */
export function packageRootOf(moduleUrl: string): string | undefined {
  let dir = dirname(fileURLToPath(moduleUrl));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

/** The version in the package.json nearest above a module file (a plugin's own package). */
export function packageVersionOf(moduleUrl: string): string | undefined {
  const root = packageRootOf(moduleUrl);
  if (root === undefined) return undefined;
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: string }).version;
}

/** skill-eval's own version. */
export const harnessVersion = (): string => packageVersionOf(import.meta.url) ?? '0.0.0';
