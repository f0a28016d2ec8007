import { isAbsolute, resolve, win32 } from 'node:path';
import { observedGlob } from './observed-glob.js';
import { realOrResolved } from './real-or-resolved.js';
import { outsideProjectMessage } from './resolve-fixture.js';
import { inside, sideFileAsked, sideFilesTrusted } from './side-file-read.js';

/**
 * The one way a format reads a side file: any file an eval file names (a `file://` prompt, a case file, a grader) or
 * that sits beside it (prompt.md, AGENT.md, PROMPT.md). Someone else placed it, so it is read as the file layer reads
 * an agent's files: its real path must lie inside the eval file's project (format-kit `projectBoundary`) unless the
 * user passed --trust; a FIFO, socket or device is refused without blocking (the open does not wait for a writer);
 * a link is followed only to where its real path is checked; a file over {@link SIDE_FILE_LIMIT} is refused. Nothing
 * outside the project is read before it is refused: the refusal comes first.
 */

/** The largest side file read (bytes): a prompt, a grader or a file of cases is far smaller. */
export const SIDE_FILE_LIMIT = 16 * 1024 * 1024;

/** Why a side file was not read. */
export type SideFileRefusal = 'missing' | 'outside' | 'not-regular' | 'too-large' | 'unreadable';

/** A side file read, or why not, with a message that names the file and says what to do. */
export type SideFile =
  | {
      ok: true;
      /** The real path read. */
      path: string;
      text: string;
      /**
       * Set when the file lies outside the project and was read because --trust allows it: the message to report with
       * `errorNeedingTrust` all the same (--trust makes it a warning saying so).
       */
      outside?: string;
    }
  | {
      ok: false;
      refused: SideFileRefusal;
      /** The real path when the file exists (where a link leads), else the path as resolved. */
      path: string;
      message: string;
      /** Whether --trust lifts the refusal (a file outside the project): report it with `errorNeedingTrust`. */
      needsTrust: boolean;
    };

export interface SideFileOptions {
  /** How the eval file wrote the reference, for the message (default: the path). */
  ref?: string;
  /** A smaller cap than {@link SIDE_FILE_LIMIT}. */
  maxBytes?: number;
}

/**
 * Reads the side file at `path` (absolute, or relative to the process's folder) for an eval file whose project is
 * `boundary`: its text, or why it was not read (see the top of this file). Never throws for what the file is.
 */
export function readSideFile(path: string, boundary: string, options: SideFileOptions = {}): SideFile {
  const resolved = resolve(path);
  const maxBytes = Math.min(options.maxBytes ?? SIDE_FILE_LIMIT, SIDE_FILE_LIMIT);
  try {
    const read = sideFileAsked(resolved, boundary, String(maxBytes));
    if (!sideFilesTrusted() || inside(read.path, realOrResolved(boundary))) return { ok: true, ...read };
    return { ok: true, ...read, outside: outsideProjectMessage(options.ref ?? path, read.path, boundary) };
  } catch (error) {
    const { code, path: at } = error as { code?: string; path?: string };
    return refusal(code, at ?? resolved, options.ref ?? path, boundary, maxBytes);
  }
}

function refusal(code: string | undefined, path: string, ref: string, boundary: string, cap: number): SideFile {
  const refused = (kind: SideFileRefusal, message: string, needsTrust = false): SideFile => ({
    ok: false,
    refused: kind,
    path,
    message,
    needsTrust,
  });
  switch (code) {
    case 'EOUTSIDE':
      return refused('outside', outsideProjectMessage(ref, path, boundary), true);
    case 'EFTYPE':
      return refused(
        'not-regular',
        `"${ref}" (${path}) is not a regular file (a FIFO, socket or device): reading it could block or never end, so it is not read, --trust or not. Replace it with a regular file.`,
      );
    case 'EFBIG':
      return refused(
        'too-large',
        `"${ref}" (${path}) is larger than ${cap} bytes, the most skill-eval reads of a file an eval file names; it is not read. Make it smaller.`,
      );
    case 'ENOENT':
    case 'ENOTDIR':
      return refused('missing', `"${ref}" does not exist (looked at ${path}); fix the path.`);
    case 'EISDIR':
      return refused('not-regular', `"${ref}" (${path}) is a folder, not a file; name a file.`);
    default:
      return refused('unreadable', `"${ref}" (${path}) cannot be read (${code ?? 'error'}); check its permissions.`);
  }
}

/** A glob pattern that reaches out of the folder it starts from: absolute, or climbing with `..`. */
export function patternLeavesFolder(pattern: string): boolean {
  return isAbsolute(pattern) || win32.isAbsolute(pattern) || pattern.split(/[\\/]+/).includes('..');
}

/** The files a glob pattern of an eval file matches, or why it was not expanded. */
export type SideGlob = { ok: true; paths: string[] } | { ok: false; message: string; needsTrust: true };

/**
 * Expands a glob an eval file wrote (`file://tests/*.yaml`, skill-up `cases.files`) from `cwd`, the eval file's own
 * folder: absolute paths, in sorted order, linked folders not walked into. A pattern that leaves the folder (absolute,
 * or with `..`) is refused before anything is walked unless the user passed --trust: it would walk the whole file
 * system and name what lies outside the project. Each path found is still read with {@link readSideFile}.
 */
export function globSideFiles(pattern: string, cwd: string, boundary: string, ref = pattern): SideGlob {
  if (patternLeavesFolder(pattern) && !sideFilesTrusted()) {
    return {
      ok: false,
      needsTrust: true,
      message: `"${ref}" is a pattern that reaches outside its folder (absolute, or with ".."): skill-eval expands patterns only inside this project (${boundary}) without --trust, so it was not expanded. Write it relative to ${cwd}, or pass --trust if you trust this eval file.`,
    };
  }
  const paths = observedGlob(pattern, {
    cwd,
    absolute: true,
    onlyFiles: true,
    expandDirectories: false,
    followSymbolicLinks: false,
  }).sort();
  return { ok: true, paths };
}
