import type { ResolvedMcpServer } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { buildCodexArgs } from './codex-command.js';
import { CodexEventParser } from './codex-events.js';
import { CODEX_SERVER_NAME, codexMcpFlags, codexServerNames } from './codex-mcp.js';

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
      'mcp_servers.git_hub-77cb9e0a.url="https://mcp.example.test/mcp"',
      'mcp_servers.git_hub-77cb9e0a.http_headers={ Authorization = "Bearer x" }',
      'mcp_servers.git_hub-77cb9e0a.default_tools_approval_mode="approve"',
      'mcp_servers.git_hub-77cb9e0a.required=true',
      'mcp_servers.git_hub-77cb9e0a.startup_timeout_sec=60',
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

/**
 * How codex 0.169 reads one `-c key=value` (codex-rs/utils/cli/src/config_override.rs: the argument cut at its first
 * `=`, the key at every `.`, no TOML unquoting), and the server names it then takes: the path's second segment.
 */
function codexReads(flag: string): { path: string[]; value: string } {
  const at = flag.indexOf('=');
  return { path: flag.slice(0, at).trim().split('.'), value: flag.slice(at + 1).trim() };
}

describe('MCP server names codex cannot take as they are', () => {
  const attack = "A={command='sh',args=['-c','id']}#";
  const server = (name: string): ResolvedMcpServer => ({ ...stdio, name, env: {} });

  it('go to codex under a name it reads as one segment and takes, never as the name an override smuggles in', () => {
    const names = [attack, 'git.hub', 'a b', 'x"y', "q'r", 'key=value', '', 'emoji-\u{1F600}', 'pm'];
    const flags = codexMcpFlags(names.map(server)).filter((_, i) => i % 2 === 1);
    for (const flag of flags) {
      const { path } = codexReads(flag);
      expect(path).toHaveLength(3);
      expect(path[0]).toBe('mcp_servers');
      expect(path[1]).toMatch(CODEX_SERVER_NAME);
    }
    // Each server's flags are its own: 6 per stdio server, under 9 distinct names.
    expect(new Set(flags.map((flag) => codexReads(flag).path[1])).size).toBe(names.length);
    // The command codex reads is the server's, not the one the name carried.
    const commands = flags.filter((flag) => codexReads(flag).path[2] === 'command').map((f) => codexReads(f).value);
    expect(new Set(commands)).toEqual(new Set(['"/usr/bin/node"']));
    expect(flags).toContain(`mcp_servers.A__command__sh__args___-c___id____-b11f45e6.command="/usr/bin/node"`);
  });

  it('keeps a name codex takes, and never gives another server that name', () => {
    const names = codexServerNames([server('git.hub'), server('git_hub-77cb9e0a'), server('pm')]);
    expect(names.get('pm')).toBe('pm');
    expect(names.get('git_hub-77cb9e0a')).toBe('git_hub-77cb9e0a');
    expect(names.get('git.hub')).toMatch(/^git_hub-77cb9e0a[0-9a-f]$/);
    expect(codexServerNames([server('git.hub')])).toEqual(codexServerNames([server('git.hub')]));
  });

  it("records the calls of a renamed server under the case's name", () => {
    const names = codexServerNames([server('git.hub')]);
    const parser = new CodexEventParser({ serverNames: names });
    const item = { id: 'item_1', type: 'mcp_tool_call', server: names.get('git.hub'), tool: 'search', arguments: {} };
    parser.pushLine(JSON.stringify({ type: 'item.started', item }));
    expect(parser.finish().events).toContainEqual(
      expect.objectContaining({ type: 'tool-call', name: 'git.hub::search' }),
    );
  });
});
