import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResolvedMcpServer } from '@skill-eval/core';
import { makeSandbox } from '@skill-eval/engine-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildClaudeArgs } from './claude-command.js';
import { claudeMcpConfig, normalizeClaudeToolName } from './claude-mcp.js';
import plugin from './index.js';
import { parseStreamJson } from './stream-json.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const stdio: ResolvedMcpServer = {
  name: 'pm',
  transport: 'stdio',
  command: '/usr/bin/node',
  args: ['/srv/mock.mjs', '/tmp/pm.json'],
  env: { PM_TOKEN: 'sk-mcp-secret-123456' },
  headers: {},
};
const http: ResolvedMcpServer = {
  name: 'git.hub',
  transport: 'http',
  url: 'https://mcp.example.test/mcp',
  args: [],
  env: {},
  headers: { Authorization: 'Bearer x' },
};

describe('claude MCP wiring', () => {
  it('builds the --mcp-config document: stdio by command, http by url', () => {
    expect(claudeMcpConfig([stdio, http])).toEqual({
      mcpServers: {
        pm: { type: 'stdio', command: '/usr/bin/node', args: ['/srv/mock.mjs', '/tmp/pm.json'], env: stdio.env },
        'git.hub': { type: 'http', url: 'https://mcp.example.test/mcp', headers: { Authorization: 'Bearer x' } },
      },
    });
  });

  it('passes the config file strictly', () => {
    const args = buildClaudeArgs({
      turn: { kind: 'single' },
      permissionMode: 'bypassPermissions',
      mcpConfig: '/home/x/mcp.json',
    });
    expect(args.slice(args.indexOf('--mcp-config'), args.indexOf('--mcp-config') + 3)).toEqual([
      '--mcp-config',
      '/home/x/mcp.json',
      '--strict-mcp-config',
    ]);
    expect(buildClaudeArgs({ turn: { kind: 'single' }, permissionMode: 'default' })).not.toContain('--mcp-config');
  });

  it.each([
    ['mcp__pm__create_plan', [], 'pm::create_plan'],
    ['mcp__git_hub__search', ['git.hub'], 'git.hub::search'], // claude spells "." as "_"
    ['mcp__a__b__c', ['a__b'], 'a__b::c'], // a known server name holding "__" wins
    ['mcp__a__b__c', [], 'a::b__c'],
    ['Write', ['pm'], 'Write'],
    ['mcp__nothing', [], 'mcp__nothing'],
  ])('names %s (servers %j) as %s', (raw, servers, expected) => {
    expect(normalizeClaudeToolName(raw, servers)).toBe(expected);
  });

  it('reports MCP tool calls in the stream as server::tool', () => {
    const line = (message: unknown) => JSON.stringify({ type: 'assistant', message });
    const { events } = parseStreamJson(
      [
        line({ id: 'm1', content: [{ type: 'tool_use', id: 't1', name: 'ToolSearch', input: { query: 'x' } }] }),
        line({ id: 'm2', content: [{ type: 'tool_use', id: 't2', name: 'mcp__git_hub__search', input: { q: 1 } }] }),
      ].join('\n'),
      { mcpServers: ['git.hub'] },
    );
    expect(events.map((e) => (e.type === 'tool-call' ? e.name : e.type))).toEqual(['ToolSearch', 'git.hub::search']);
  });
});

describe('ClaudeCodeEngine with MCP servers', () => {
  let sandbox: ReturnType<typeof makeSandbox>;
  beforeEach(() => {
    sandbox = makeSandbox();
  });
  afterEach(() => sandbox.cleanup());

  it('declares MCP support and hands claude its servers in a file in HOME, off argv', async () => {
    const out = join(sandbox.root, 'seen');
    // The stand-in records its argv and the config file it was given, then replays a recorded run.
    const bin = sandbox.script(
      'claude',
      `printf '%s\\n' "$@" > "${out}.args"; while [ "$1" != "--mcp-config" ]; do shift; done; cp "$2" "${out}.json"; cat "${fixtures}skill-write.jsonl"`,
    );
    const engine = plugin.create(plugin.parseSettings({ path: bin }));
    expect(engine.capabilities?.mcp).toBe(true);
    const session = await engine.run(sandbox.input({ mcpServers: [stdio, http] }));
    expect(session.status).toBe('completed');
    const args = readFileSync(`${out}.args`, 'utf8').split('\n');
    const file = args[args.indexOf('--mcp-config') + 1]!;
    expect(file.startsWith(sandbox.home)).toBe(true);
    expect(args).toContain('--strict-mcp-config');
    expect(args.join(' ')).not.toContain('sk-mcp-secret');
    expect(JSON.parse(readFileSync(`${out}.json`, 'utf8'))).toEqual(claudeMcpConfig([stdio, http]));
  });
});
