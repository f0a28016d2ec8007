// fs.promises, not node:fs/promises: the CLI's bundle loads Node's promise API only when it is first used (list
// and validate never do).
import { closeSync, constants, promises as fsPromises, fstatSync, openSync, readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

const FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * What the readers below read of a file at most, unless told otherwise (bytes): the file layer's own cap on a file it
 * reads whole (engine-kit's READ_LIMIT). A run's JSON files stay far below it — a run of 10,000 cases writes a
 * `cases.json` of a few MiB — while a sparse file of terabytes someone planted costs nothing to refuse.
 */
export const REGULAR_FILE_LIMIT = 64 * 1024 * 1024;

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

const tooLarge = (file: string, size: number, maxBytes: number) =>
  Object.assign(new Error(`${file} is ${size} bytes, more than the ${maxBytes} read at most`), {
    code: 'EFBIG',
    syscall: 'read',
    path: file,
  });

/**
 * The text of a file opened by openRegularFile, read up to the size fstat gave (a file still growing is read as it
 * was when checked); a file larger than `maxBytes` is refused (EFBIG) before a byte is read.
 */
export async function readRegularText(file: string, maxBytes = REGULAR_FILE_LIMIT): Promise<string> {
  const handle = await openRegularFile(file);
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) throw tooLarge(file, size, maxBytes);
    const bytes = Buffer.allocUnsafe(size);
    let got = 0;
    while (got < size) {
      const { bytesRead } = await handle.read(bytes, got, size - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return bytes.toString('utf8', 0, got);
  } finally {
    await handle.close();
  }
}

/**
 * The text of a file opened as openRegularFile opens one, synchronously, capped as {@link readRegularText} is: for a
 * reader of many small files (the result cache reads one per execution) for which a thread-pool round trip costs
 * more than the file, and for one that cannot wait (run.lock, run.json where a project is walked).
 */
export function readRegularTextSync(file: string, maxBytes = REGULAR_FILE_LIMIT): string {
  const fd = openSync(file, FLAGS);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw notRegular(file);
    if (stats.size > maxBytes) throw tooLarge(file, stats.size, maxBytes);
    const bytes = Buffer.allocUnsafe(stats.size);
    let got = 0;
    while (got < stats.size) {
      const read = readSync(fd, bytes, got, stats.size - got, got);
      if (read === 0) break;
      got += read;
    }
    return bytes.toString('utf8', 0, got);
  } finally {
    closeSync(fd);
  }
}
