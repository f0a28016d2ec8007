import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { TextBudget } from './bounded-text.js';

/** Skill roots and tool folders: staged by the harness or installed, not the agent's work. */
const EXCLUDED_DIRS = new Set(['.claude', '.agents', '.qoder', '.git', 'node_modules']);
export const FILE_LIMITS: FileLimits = { perFile: 2_000, total: 20_000, maxFiles: 300 };
export interface FileLimits {
  perFile: number;
  total: number;
  maxFiles: number;
}
/** Bytes read from one file: enough for `perFile` characters of any UTF-8 text. */
const READ_BYTES = 16_384;

/** The workspace's files with bounded text content, as tagged text for the judge. */
export async function renderWorkspaceFiles(workspace: string, limits: FileLimits = FILE_LIMITS): Promise<string> {
  let files: string[];
  try {
    files = await listFiles(workspace);
  } catch (error) {
    return `(workspace not readable: ${(error as Error).message})`;
  }
  if (files.length === 0) return '(no files)';
  const budget = new TextBudget(limits.total);
  const out: string[] = [];
  for (const [i, rel] of files.entries()) {
    if (i >= limits.maxFiles) {
      out.push(`[… ${files.length - i} more files not listed]`);
      break;
    }
    const body = budget.exhausted
      ? '[content omitted: file limit reached]'
      : await readText(workspace, rel, budget, limits);
    out.push(`<file path=${JSON.stringify(rel)}>\n${body}\n</file>`);
  }
  return out.join('\n');
}

/** Relative paths of regular files, sorted, without following links. */
async function listFiles(root: string, dir = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files: string[] = [];
  for (const entry of entries) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!EXCLUDED_DIRS.has(entry.name)) files.push(...(await listFiles(root, rel)));
    } else if (entry.isFile()) files.push(rel);
  }
  return files;
}

async function readText(root: string, rel: string, budget: TextBudget, limits: { perFile: number }): Promise<string> {
  const handle = await open(path.join(root, rel), 'r').catch(() => undefined);
  if (!handle) return '[unreadable]';
  try {
    const { size } = await handle.stat();
    const { buffer, bytesRead } = await handle.read(
      Buffer.alloc(Math.min(size, READ_BYTES)),
      0,
      Math.min(size, READ_BYTES),
      0,
    );
    const bytes = buffer.subarray(0, bytesRead);
    const text = decode(bytes, bytesRead < size);
    if (text === undefined) return `[binary file, ${size} bytes, content skipped]`;
    // When only the head was read the exact char count is unknown, so the marker gives the file size.
    return budget.take(text, limits.perFile, bytesRead < size ? `[… truncated: file is ${size} bytes]` : undefined);
  } finally {
    await handle.close();
  }
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
