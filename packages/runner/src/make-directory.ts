// fs.promises, not node:fs/promises: the CLI's bundle loads Node's promise API only when it is first used (list
// and validate never do).
import { existsSync, promises as fsPromises, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/*
 * `mkdir -p`, one folder at a time. Node's recursive mkdir never returns where mkdir answers ENOENT inside a folder
 * that exists, as procfs and sysfs do: `--out /proc/x` spun a core until killed (SIGTERM included). Here that ENOENT
 * is thrown, as is ENOTDIR below a file; a folder that exists already is left as it is.
 */

/** The folders `path` still needs, outermost first: those below the deepest one that exists. */
function missingFolders(path: string): string[] {
  const missing: string[] = [];
  for (let at = resolve(path); !existsSync(at); ) {
    missing.unshift(at);
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  return missing;
}

const unlessExists = (error: NodeJS.ErrnoException) => {
  // A folder made meanwhile, or a link or file in the way (whose child then fails with its own error).
  if (error.code !== 'EEXIST') throw error;
};

/** Creates `path` and the folders above it that are missing. */
export function makeDirectorySync(path: string): void {
  for (const folder of missingFolders(path)) {
    try {
      mkdirSync(folder);
    } catch (error) {
      unlessExists(error as NodeJS.ErrnoException);
    }
  }
}

/** Creates `path` and the folders above it that are missing. */
export async function makeDirectory(path: string): Promise<void> {
  for (const folder of missingFolders(path)) await fsPromises.mkdir(folder).catch(unlessExists);
}
