#!/usr/bin/env node
// A mocked MCP server over stdio. argv[2] is a JSON file:
//   { "name": "<server>", "tools": [{ "name", "description"?, "inputSchema"?, "response", "error"? }],
//     "builtin"?: "filesystem", "root"?: "<dir the filesystem mock works in>" }
// A tool answers its canned `response` (strings as text, anything else as JSON text), with
// `{{params.x}}` / `{{params.x | default: 'y'}}` in strings filled from the call's arguments; a tool with
// `"error": true` answers it as a tool error (isError). A tool's `expect` guards the call's input first (see
// `violatedGuard`): a call that breaks one is answered as a tool error naming it.
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
    run: (args) => {
      const broken = tool.expect ? violatedGuard(args, tool.expect) : null;
      if (broken !== null) return { ...text(`the model's call violates expect: ${broken}`), isError: true };
      return { ...text(render(tool.response, args)), ...(tool.error === true ? { isError: true } : {}) };
    },
  });
}
if (spec.builtin === 'filesystem') {
  for (const [name, tool] of Object.entries(filesystemTools(spec.root ?? process.cwd()))) {
    if (!tools.has(name)) tools.set(name, tool);
  }
}

/*
 * Claude Code 2.1.330's guards on a mocked call's input (binary `function Rkn(e,t,r="")`, `function se`, `function D`,
 * `function ae`, `function O`), but for `/regex/` guards, which the formats refuse rather than hand on: each key a dotted
 * path into the input (a list indexed by number); a nested map goes deeper, a list allows one of its values, a type name
 * asks for that type, anything else for that value, compared as text. The first broken guard, as its message says it.
 */
const GUARD_TYPES = new Set(['string', 'number', 'bool', 'boolean', 'object', 'array']);

function violatedGuard(input, guards, prefix = '') {
  for (const [key, guard] of Object.entries(guards)) {
    const at = prefix ? `${prefix}.${key}` : key;
    const broken = brokenGuard(valueAt(input, at), guard, at, input);
    if (broken !== null) return broken;
  }
  return null;
}

function brokenGuard(value, guard, at, input) {
  if (Array.isArray(guard)) {
    return guard.some((allowed) => sameText(value, allowed)) ? null : `${at} = ${shown(value)} is not one of [${guard.join(', ')}]`;
  }
  if (typeof guard === 'object' && guard !== null) return violatedGuard(input, guard, at);
  if (GUARD_TYPES.has(guard)) {
    return typeOf(value) === (guard === 'boolean' ? 'bool' : guard) ? null : `${at} = ${shown(value)} is not a ${guard}`;
  }
  return sameText(value, guard) ? null : `${at} = ${shown(value)} is not "${guard}"`;
}

function valueAt(input, path) {
  let value = input;
  for (const step of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    if (Array.isArray(value)) {
      if (!/^\d+$/.test(step)) return undefined;
      value = value[Number(step)];
      continue;
    }
    value = Object.hasOwn(value, step) ? value[step] : undefined;
  }
  return value;
}

function sameText(value, expected) {
  if (typeof value === 'string') return value === expected;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value) === expected;
  return false;
}

function typeOf(value) {
  if (Array.isArray(value)) return 'array';
  if (value === null || value === undefined) return 'missing';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

function shown(value) {
  if (value === undefined) return '(missing)';
  const json = JSON.stringify(value);
  return json.length > 80 ? `${json.slice(0, 77)}...` : json;
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
