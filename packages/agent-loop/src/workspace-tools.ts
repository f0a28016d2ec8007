import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, readlink, realpath, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { type AgentTool, stringField, ToolError } from './agent-tool.js';
import { readTextFile } from './read-text-file.js';
import type { StagedSkill } from './skill-tool.js';
import { MAX_TOOL_OUTPUT_CHARS } from './tool-output-limit.js';

/** Most entries ListFiles returns. */
const MAX_LIST = 500;
const SKIP_DIRS = new Set(['.git', 'node_modules']);

const inside = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
};

/** Most symlinks followed for one path, as the kernel's own limit (ELOOP). */
const MAX_SYMLINK_HOPS = 40;

/**
 * Where `path` really leads: the real path of its nearest existing entry plus the rest. A dangling symlink
 * is followed to the target a write through it would create.
 */
async function realLocation(path: string, hops = 0): Promise<string> {
  let existing = path;
  while (!(await lstat(existing).catch(() => undefined))) existing = dirname(existing);
  const rest = relative(existing, path);
  try {
    return join(await realpath(existing), rest);
  } catch {
    if (hops >= MAX_SYMLINK_HOPS) throw new ToolError(`Too many levels of symbolic links: ${path}`);
    const target = resolve(dirname(existing), await readlink(existing));
    return realLocation(join(target, rest), hops + 1);
  }
}

/**
 * Resolves a path the model gave against the workspace and refuses one that leaves it, also through
 * symlinks (followed on the nearest existing entry, since the target may not exist yet).
 */
export async function resolveInWorkspace(workspace: string, path: string): Promise<string> {
  const root = await realpath(workspace);
  const target = resolve(root, path);
  if (!inside(root, target) || !inside(root, await realLocation(target)))
    throw new ToolError(`Path is outside the workspace: ${path}`);
  return target;
}

async function listFiles(root: string, dir: string, out: string[]): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (out.length >= MAX_LIST) return;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) await listFiles(root, full, out);
    } else out.push(relative(root, full).split(sep).join('/'));
  }
}

/**
 * Read, Write and ListFiles, confined to the workspace. There is deliberately no shell tool. A Read of a staged
 * skill's SKILL.md is that skill's `file-read` signal, as the CLI engines report such a read.
 */
export function createWorkspaceTools(workspace: string, skills: readonly StagedSkill[] = []): AgentTool[] {
  const pathSchema = { type: 'string', description: 'Path relative to the workspace (or absolute inside it).' };
  return [
    {
      definition: {
        name: 'Read',
        description: 'Reads a text file from the workspace.',
        inputSchema: { type: 'object', properties: { file_path: pathSchema }, required: ['file_path'] },
      },
      skillOf(input) {
        const path = input && typeof input === 'object' ? (input as Record<string, unknown>).file_path : undefined;
        if (typeof path !== 'string') return undefined;
        const skill = skills.find((s) => join(s.dir, 'SKILL.md') === resolve(workspace, path));
        return skill && { name: skill.name, via: 'file-read' };
      },
      async run(input) {
        const path = await resolveInWorkspace(workspace, stringField(input, 'file_path', true));
        if (!existsSync(path) || !(await stat(path)).isFile())
          throw new ToolError(`No such file: ${relative(workspace, path)}`);
        return { output: await readTextFile(path, relative(workspace, path), MAX_TOOL_OUTPUT_CHARS), isError: false };
      },
    },
    {
      definition: {
        name: 'Write',
        description: 'Writes a text file in the workspace, creating parent directories; replaces an existing file.',
        inputSchema: {
          type: 'object',
          properties: { file_path: pathSchema, content: { type: 'string', description: 'The whole file content.' } },
          required: ['file_path', 'content'],
        },
      },
      async run(input) {
        const path = await resolveInWorkspace(workspace, stringField(input, 'file_path', true));
        const content = stringField(input, 'content', true);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, content);
        return { output: `Wrote ${content.length} characters to ${relative(workspace, path)}`, isError: false };
      },
    },
    {
      definition: {
        name: 'ListFiles',
        description: 'Lists the files under a directory of the workspace (recursively; .git and node_modules skipped).',
        inputSchema: {
          type: 'object',
          properties: { path: { ...pathSchema, description: 'Directory; default the workspace.' } },
        },
      },
      async run(input) {
        const dir = await resolveInWorkspace(workspace, stringField(input, 'path', false) ?? '.');
        if (!existsSync(dir) || !(await stat(dir)).isDirectory())
          throw new ToolError(`No such directory: ${relative(workspace, dir)}`);
        const files: string[] = [];
        await listFiles(dir, dir, files);
        const more = files.length >= MAX_LIST ? `\n[listing stopped at ${MAX_LIST} files]` : '';
        return { output: files.length ? files.join('\n') + more : '(no files)', isError: false };
      },
    },
  ];
}
