#!/usr/bin/env node
// A mocked MCP server over stdio. argv[2] is a JSON file:
//   { "name": "<server>", "tools": [{ "name", "description"?, "inputSchema"?, "response", "error"? }],
//     "builtin"?: "filesystem", "root"?: "<dir the filesystem mock works in>" }
// A tool answers its canned `response` (strings as text, anything else as JSON text), with
// `{{params.x}}` / `{{params.x | default: 'y'}}` in strings filled from the call's arguments; a tool with
// `"error": true` answers it as a tool error (isError).
import { lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: mock-mcp-server.mjs <mock.json>\n');
  process.exit(2);
}
const spec = JSON.parse(readFileSync(file, 'utf8'));
const anyObject = { type: 'object', additionalProperties: true };

const tools = new Map();
for (const tool of spec.tools ?? []) {
  tools.set(tool.name, {
    definition: {
      name: tool.name,
      description: tool.description ?? `Mocked MCP tool ${tool.name}`,
      inputSchema: tool.inputSchema ?? anyObject,
    },
    run: (args) => ({ ...text(render(tool.response, args)), ...(tool.error === true ? { isError: true } : {}) }),
  });
}
if (spec.builtin === 'filesystem') {
  for (const [name, tool] of Object.entries(filesystemTools(spec.root ?? process.cwd()))) {
    if (!tools.has(name)) tools.set(name, tool);
  }
}

function text(value) {
  return { content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }] };
}

function render(value, params) {
  if (typeof value === 'string') {
    return value.replace(
      /\{\{\s*params\.([A-Za-z0-9_.$-]+)(?:\s*\|\s*default:\s*['"]([^'"]*)['"])?\s*\}\}/g,
      (_match, key, fallback) => {
        const found = key.split('.').reduce((at, part) => (at == null ? undefined : at[part]), params);
        if (found === undefined || found === null || found === '') return fallback ?? '';
        return typeof found === 'string' ? found : JSON.stringify(found);
      },
    );
  }
  if (Array.isArray(value)) return value.map((item) => render(item, params));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, render(item, params)]));
  }
  return value;
}

/** list_directory, read_file and write_file, confined to `root` (symbolic links refused). */
function filesystemTools(rootDir) {
  const root = realpathSync(rootDir);
  const inside = (raw) => {
    if (typeof raw !== 'string' || raw === '') throw new Error('path is required');
    // Resolve the deepest existing ancestor through realpath, so a symlinked parent cannot lead out.
    let existing = path.resolve(root, raw);
    const tail = [];
    for (;;) {
      try {
        existing = realpathSync(existing);
        break;
      } catch (error) {
        if (error.code !== 'ENOENT') throw error;
        tail.unshift(path.basename(existing));
        const parent = path.dirname(existing);
        if (parent === existing) throw new Error(`path outside the workspace: ${raw}`);
        existing = parent;
      }
    }
    const resolved = path.join(existing, ...tail);
    if (resolved !== root && !resolved.startsWith(root + path.sep)) throw new Error(`path outside the workspace: ${raw}`);
    return resolved;
  };
  const pathArg = (args, ...keys) => keys.map((key) => args[key]).find((v) => typeof v === 'string');
  const def = (name, description) => ({ name, description, inputSchema: anyObject });
  return {
    list_directory: {
      definition: def('list_directory', 'List the files of a directory of the workspace.'),
      run: (args) => {
        const dir = inside(pathArg(args, 'path', 'directory') ?? '.');
        const entries = readdirSync(dir, { withFileTypes: true }).filter((e) => !e.isSymbolicLink());
        return text(
          entries
            .map((e) => e.name + (e.isDirectory() ? '/' : ''))
            .sort()
            .join('\n'),
        );
      },
    },
    read_file: {
      definition: def('read_file', 'Read a file of the workspace.'),
      run: (args) => {
        const target = inside(pathArg(args, 'path', 'file_path', 'file'));
        if (lstatSync(target).isSymbolicLink()) throw new Error('symbolic links are not allowed');
        return text(readFileSync(target, 'utf8'));
      },
    },
    write_file: {
      definition: def('write_file', 'Write a file of the workspace.'),
      run: (args) => {
        const target = inside(pathArg(args, 'path', 'file_path', 'file'));
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, args.content === undefined ? '' : String(args.content));
        return text(`wrote ${path.relative(root, target)}`);
      },
    },
  };
}

const server = new Server({ name: spec.name ?? 'mock', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...tools.values()].map((t) => t.definition) }));
server.setRequestHandler(CallToolRequestSchema, (request) => {
  const tool = tools.get(request.params.name);
  if (!tool) return { isError: true, content: [{ type: 'text', text: `unknown mocked tool ${request.params.name}` }] };
  try {
    return tool.run(request.params.arguments ?? {});
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }] };
  }
});
await server.connect(new StdioServerTransport());
