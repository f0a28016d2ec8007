import { readAgentFile } from '@skill-eval/engine-kit/agent-files';
import { TextBudget } from './bounded-text.js';
import { listWorkspaceFiles } from './list-workspace-files.js';
import { fileChange, type WorkspaceSnapshot } from './workspace-snapshot.js';

export const FILE_LIMITS: FileLimits = { perFile: 2_000, total: 20_000, maxFiles: 300 };
export interface FileLimits {
  perFile: number;
  total: number;
  maxFiles: number;
}
/** Bytes read from one file: enough for `perFile` characters of any UTF-8 text. */
const READ_BYTES = 16_384;

/**
 * The workspace's files with bounded text content, as tagged text for the judge. Given the snapshot taken before
 * the run, only the files the agent created or changed are shown with content; unchanged ones are named, and
 * deleted ones listed, so the judge grades the agent's work rather than the fixtures it was handed.
 */
export async function renderWorkspaceFiles(
  workspace: string,
  limits: FileLimits = FILE_LIMITS,
  before?: WorkspaceSnapshot,
): Promise<string> {
  let files: string[];
  try {
    files = await listWorkspaceFiles(workspace);
  } catch (error) {
    return `(workspace not readable: ${(error as Error).message})`;
  }
  const changes = before ? await Promise.all(files.map((rel) => fileChange(workspace, rel, before))) : [];
  const shown = before ? files.filter((_, i) => changes[i] !== 'unchanged') : files;
  const out: string[] = [];
  if (shown.length === 0) out.push(before ? '(the agent created or changed no files)' : '(no files)');
  const budget = new TextBudget(limits.total);
  for (const [i, rel] of shown.entries()) {
    if (i >= limits.maxFiles) {
      out.push(`[… ${shown.length - i} more files not listed]`);
      break;
    }
    const body = budget.exhausted
      ? '[content omitted: file limit reached]'
      : await readText(workspace, rel, budget, limits);
    const change = before ? ` change="${changes[files.indexOf(rel)]}"` : '';
    out.push(`<file path=${JSON.stringify(rel)}${change}>\n${body}\n</file>`);
  }
  if (before) {
    const present = new Set(files);
    const deleted = [...before.keys()].filter((rel) => !present.has(rel));
    const unchanged = files.filter((_, i) => changes[i] === 'unchanged');
    if (deleted.length) out.push(`<deleted_files>\n${nameList(deleted, limits.maxFiles)}\n</deleted_files>`);
    if (unchanged.length)
      out.push(
        `<unchanged_files note="present before the run; content not shown">\n${nameList(unchanged, limits.maxFiles)}\n</unchanged_files>`,
      );
  }
  return out.join('\n');
}

/** Lines the listing adds of its own: tags (a file's path aside), notes that there is nothing, omission markers. */
const LISTING_LINE =
  /^(?:<\/?[a-z_]+(?: [a-z_]+="(?:[^"\\]|\\.)*")*>|\((?:no files|the agent created or changed no files|workspace not readable: .*)\)|\[(?:\u2026|content omitted|binary file|unreadable)[^\]]*\])$/;
/** The marker the listing puts after a file's content it cut. */
const CUT_MARKER = /\[\u2026 truncated[^\]]*\]/g;

/**
 * The files' names and contents from a listing `renderWorkspaceFiles` made, without its own tags, notes and markers:
 * what a quote of the files may come from.
 */
export function quotableFiles(listing: string): string {
  return listing
    .split('\n')
    .flatMap((line) => {
      const file = /^<file path=("(?:[^"\\]|\\.)*")/.exec(line);
      if (file) return [JSON.parse(file[1]!) as string];
      return LISTING_LINE.test(line) ? [] : [line.replace(CUT_MARKER, '')];
    })
    .join('\n');
}

function nameList(names: readonly string[], max: number): string {
  const listed = names.slice(0, max).join('\n');
  return names.length > max ? `${listed}\n[… ${names.length - max} more]` : listed;
}

async function readText(root: string, rel: string, budget: TextBudget, limits: { perFile: number }): Promise<string> {
  // Through the file layer: the head of a regular file inside the workspace, never a link's target or a FIFO.
  const read = await readAgentFile(root, rel, { maxBytes: READ_BYTES, head: true });
  if (!('bytes' in read)) return '[unreadable]';
  const { bytes, size, partial } = read;
  const text = decode(bytes, partial);
  if (text === undefined) return `[binary file, ${size} bytes, content skipped]`;
  // When only the head was read the exact char count is unknown, so the marker gives the file size.
  return budget.take(text, limits.perFile, partial ? `[… truncated: file is ${size} bytes]` : undefined);
}

/** UTF-8 text, or undefined for binary content (a NUL byte or invalid UTF-8). */
function decode(bytes: Buffer, partial: boolean): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial });
  } catch {
    return undefined;
  }
}
