import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The version in the package.json nearest above a module file (a plugin's own package). */
export function packageVersionOf(moduleUrl: string): string | undefined {
  let dir = dirname(fileURLToPath(moduleUrl));
  for (let i = 0; i < 6; i++) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

/** skill-eval's own version. */
export const harnessVersion = (): string => packageVersionOf(import.meta.url) ?? '0.0.0';
