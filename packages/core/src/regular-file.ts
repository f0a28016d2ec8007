// fs.promises, not node:fs/promises: the CLI's bundle loads Node's promise API only when it is first used (list
// and validate never do).
import { closeSync, constants, promises as fsPromises, fstatSync, openSync, readFileSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

const FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Opens a file of a run directory (results.jsonl, run.json) the way the file layer of @skill-eval/engine-kit opens an
 * agent's files, for the readers below it: a link at the file is refused (ELOOP), a FIFO opens at once and is refused
 * with a device (EFTYPE), so a shard's or a resumed run's directory never hangs or leaks a command. The one
 * descriptor checked is the one read.
 */
export async function openRegularFile(file: string): Promise<FileHandle> {
  const handle = await fsPromises.open(file, FLAGS);
  try {
    if ((await handle.stat()).isFile()) return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
  await handle.close();
  throw notRegular(file);
}

const notRegular = (file: string) =>
  Object.assign(new Error(`${file} is not a regular file`), { code: 'EFTYPE', syscall: 'open', path: file });

/** The text of a file opened by openRegularFile. */
export async function readRegularText(file: string): Promise<string> {
  const handle = await openRegularFile(file);
  try {
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * The text of a file opened as openRegularFile opens one, synchronously: for a reader of many small files (the result
 * cache reads one per execution) for which a thread-pool round trip costs more than the file.
 */
export function readRegularTextSync(file: string): string {
  const fd = openSync(file, FLAGS);
  try {
    if (!fstatSync(fd).isFile()) throw notRegular(file);
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}
