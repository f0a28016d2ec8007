import { basename, dirname } from 'node:path';
import { isRefusal, openInside, type Refusal } from './open-inside.js';

/** What a grader reads of a workspace file at most, unless it asks otherwise: a check never loads a disk image. */
export const READ_LIMIT = 64 * 1024 * 1024;

/** A file's bytes (all of them, or its head when `head` was asked), and its size when opened. */
export interface ReadFile {
  bytes: Buffer;
  size: number;
  /** True when `bytes` is only the head of the file. */
  partial: boolean;
}

export interface ReadOptions {
  /** Bytes to read at most (default READ_LIMIT). */
  maxBytes?: number;
  /** Read the first `maxBytes` of a larger file instead of refusing it. */
  head?: boolean;
}

/**
 * Reads the regular file `rel` below `root`, an agent's folder, through one descriptor opened without following links
 * (see openInside). A larger file than `maxBytes` is refused (`too-large`) unless `head` is asked.
 */
export async function readAgentFile(root: string, rel: string, options: ReadOptions = {}): Promise<ReadFile | Refusal> {
  const opened = await openInside(root, rel);
  if (isRefusal(opened)) return opened;
  const { handle, stats } = opened;
  const max = options.maxBytes ?? READ_LIMIT;
  try {
    if (stats.size > max && !options.head)
      return { refused: 'too-large', message: `${rel} is ${stats.size} bytes, more than the ${max} read at most` };
    // Read what fstat said, up to the limit: a file still growing is read as it was when checked.
    const want = Math.min(stats.size, max);
    const bytes = Buffer.alloc(want);
    let got = 0;
    while (got < want) {
      const { bytesRead } = await handle.read(bytes, got, want - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return { bytes: bytes.subarray(0, got), size: stats.size, partial: got < stats.size };
  } catch (error) {
    return { refused: 'unreadable', message: `${rel} cannot be read (${(error as Error).message})` };
  } finally {
    await handle.close();
  }
}

const CODES: Record<Refusal['refused'], string> = {
  missing: 'ENOENT',
  link: 'ELOOP',
  outside: 'ELOOP',
  'not-a-file': 'EFTYPE',
  'too-large': 'EFBIG',
  unreadable: 'EACCES',
};

/** readAgentFile as text (UTF-8), or the refusal. */
export async function readAgentText(root: string, rel: string, options: ReadOptions = {}): Promise<string | Refusal> {
  const read = await readAgentFile(root, rel, options);
  return isRefusal(read) ? read : read.bytes.toString('utf8');
}

/**
 * A file a command was pointed at inside a folder something untrusted wrote (an agent's `answer.md`, a shard's
 * `results.jsonl`): read as readAgentFile reads, with its own folder as the root, so the file itself is never a link,
 * a FIFO or a device. Throws an error naming the file when it is refused, for the command to report.
 */
export async function readUntrustedText(file: string, options: ReadOptions = {}): Promise<string> {
  const text = await readAgentText(dirname(file), basename(file), options);
  if (typeof text === 'string') return text;
  const error = new Error(`${file}: ${text.message.replace(`${basename(file)} `, '')}`) as NodeJS.ErrnoException;
  // Codes the CLI words as file-system errors naming the file (see describeFileSystemError).
  error.code = CODES[text.refused];
  error.syscall = 'open';
  error.path = file;
  throw error;
}
