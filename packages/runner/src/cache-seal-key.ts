import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, linkSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { makeDirectorySync } from './make-directory.js';

/** How many bytes the key is. */
const KEY_BYTES = 32;

/** The key that seals result-cache entries, or why there is none. */
export type CacheSealKey = { key: Uint8Array } | { problem: string };

/**
 * The user's key that seals the result cache's entries (result-cache.ts), from `file`, made there on first use: 32
 * random bytes, readable by this user alone. A file that is not this user's own regular file of that size, readable by
 * no one else, is not used (another user could have sealed entries with it), nor replaced: the problem is returned.
 */
export function cacheSealKey(file: string): CacheSealKey {
  const kept = readKey(file);
  if (kept !== 'missing') return kept;
  try {
    makeDirectorySync(dirname(file));
    // Written whole beside it, then linked into place: a process reading at the same time sees all of it or none, and
    // of two processes making one at once, the second takes the first's.
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(temp, randomBytes(KEY_BYTES), { mode: 0o600, flag: 'wx' });
    try {
      linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(temp, { force: true });
    }
  } catch (error) {
    return { problem: `${file} could not be made (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  const made = readKey(file);
  return made === 'missing' ? { problem: `${file} could not be made` } : made;
}

function readKey(file: string): CacheSealKey | 'missing' {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'missing';
    return { problem: `${file} cannot be read (${code === 'ELOOP' ? 'a link' : (code ?? 'error')})` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size !== KEY_BYTES) return { problem: `${file} is not a key skill-eval made` };
    if (process.platform !== 'win32') {
      if (process.getuid && stat.uid !== process.getuid()) return { problem: `${file} is another user's` };
      if ((stat.mode & 0o077) !== 0) return { problem: `${file} is readable by other users than you` };
    }
    const key = Buffer.alloc(KEY_BYTES);
    return readSync(fd, key, 0, KEY_BYTES, 0) === KEY_BYTES ? { key } : { problem: `${file} could not be read` };
  } finally {
    closeSync(fd);
  }
}
