import type { ResolvedMcpServer } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { buildCodexArgs } from './codex-command.js';
import { codexMcpFlags } from './codex-mcp.js';

const stdio: ResolvedMcpServer = {
  name: 'pm',
  transport: 'stdio',
  command: '/usr/bin/node',
  args: ['/srv/mock.mjs', '/tmp/a "b".json'],
  env: { PM_TOKEN: 'tok', 'odd.key': 'v' },
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

describe('codexMcpFlags', () => {
  it('installs stdio and http servers with -c overrides, pre-approves their tools and makes codex wait for them', () => {
    const flags = codexMcpFlags([stdio, http]);
    expect(flags.filter((_, i) => i % 2 === 0).every((flag) => flag === '-c')).toBe(true);
    expect(flags.filter((_, i) => i % 2 === 1)).toEqual([
      'mcp_servers.pm.command="/usr/bin/node"',
      'mcp_servers.pm.args=["/srv/mock.mjs", "/tmp/a \\"b\\".json"]',
      'mcp_servers.pm.env={ PM_TOKEN = "tok", "odd.key" = "v" }',
      'mcp_servers.pm.default_tools_approval_mode="approve"',
      'mcp_servers.pm.required=true',
      'mcp_servers.pm.startup_timeout_sec=60',
      'mcp_servers."git.hub".url="https://mcp.example.test/mcp"',
      'mcp_servers."git.hub".http_headers={ Authorization = "Bearer x" }',
      'mcp_servers."git.hub".default_tools_approval_mode="approve"',
      'mcp_servers."git.hub".required=true',
      'mcp_servers."git.hub".startup_timeout_sec=60',
    ]);
  });

  it('adds nothing without servers, and the flags go before the prompt', () => {
    expect(codexMcpFlags([])).toEqual([]);
    const args = buildCodexArgs({
      turn: { kind: 'single' },
      model: 'm',
      baseUrl: 'http://127.0.0.1:1/v1',
      apiKeyEnv: 'OPENAI_API_KEY',
      sandbox: 'workspace-write',
      mcpFlags: codexMcpFlags([stdio]),
    });
    expect(args.indexOf('mcp_servers.pm.command="/usr/bin/node"')).toBeLessThan(args.indexOf('--'));
    expect(args.at(-1)).toBe('-');
  });
});
