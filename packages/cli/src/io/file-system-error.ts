/** A file-system failure as Node reports it: `code` (ENOTDIR …), the `syscall` that failed and the `path`. */
interface FileSystemError {
  code: string;
  syscall?: string;
  path: string;
  dest?: string;
}

/** What each failing call was doing, in words. */
const DOING: Record<string, string> = {
  mkdir: 'create the folder',
  open: 'open',
  read: 'read',
  write: 'write',
  scandir: 'read the folder',
  stat: 'look at',
  lstat: 'look at',
  rename: 'rename',
  unlink: 'remove',
  rmdir: 'remove the folder',
  rm: 'remove',
  copyfile: 'copy',
  cp: 'copy',
  symlink: 'link',
  link: 'link',
  chmod: 'change the mode of',
};

/** Why, in words, for the codes a path or a machine causes (not a fault of skill-eval). */
const WHY: Record<string, string> = {
  ENOTDIR: 'a part of its path is a file, not a folder',
  EISDIR: 'it is a folder, not a file',
  ENOENT: 'it does not exist',
  EEXIST: 'something is there already',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space is left on the device',
  EDQUOT: 'the disk quota is used up',
  ENAMETOOLONG: 'the name is too long',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open on this machine',
  ELOOP: 'its path loops through symbolic links, or it is a symbolic link, which is not followed',
  EFTYPE: 'it is not a regular file (a FIFO, a device or a socket), so it is not read',
  EFBIG: 'it is larger than skill-eval reads',
  ENOTEMPTY: 'the folder is not empty',
  EBUSY: 'it is in use',
};

/** Why, where a call gives a code a meaning of its own. */
const WHY_OF_CALL: Record<string, string> = {
  // The folder it would go in exists (missing ones are made first) but takes no new folder.
  'mkdir ENOENT': 'the folder it would go in cannot hold one (a broken symbolic link, or a system folder like /proc)',
};

function isFileSystemError(error: unknown): error is FileSystemError {
  const e = error as Partial<FileSystemError> | null;
  return typeof e?.code === 'string' && typeof e.path === 'string' && e.code in WHY;
}

/**
 * A file-system failure that reached the top of a command (an output path below a file, a full disk, a folder
 * without write permission) as a message naming the path and the reason; undefined for anything else.
 */
export function describeFileSystemError(error: unknown): { message: string; hint: string } | undefined {
  if (!isFileSystemError(error)) return undefined;
  const doing = (error.syscall && DOING[error.syscall]) ?? 'use';
  const target = error.dest ? `${error.path} to ${error.dest}` : error.path;
  return {
    message: `cannot ${doing} ${target}: ${WHY_OF_CALL[`${error.syscall} ${error.code}`] ?? WHY[error.code]} (${error.code}).`,
    hint: 'Check the paths given to the command (--out, -o, the eval files) and that they can be written.',
  };
}
