import type { ResolvedMcpServer } from '@skill-eval/core';
import { tomlString } from './codex-command.js';

/** A TOML key segment: bare when it can be, else quoted. */
const tomlKey = (key: string): string => (/^[A-Za-z0-9_-]+$/.test(key) ? key : tomlString(key));

const tomlArray = (values: readonly string[]): string => `[${values.map(tomlString).join(', ')}]`;

const tomlTable = (record: Record<string, string>): string =>
  `{ ${Object.entries(record)
    .map(([key, value]) => `${tomlKey(key)} = ${tomlString(value)}`)
    .join(', ')} }`;

/**
 * `-c mcp_servers.<name>.…` overrides installing each server: stdio by `command`/`args`/`env`, http
 * by `url`/`http_headers`. Every server's tools are pre-approved (`default_tools_approval_mode`):
 * under `codex exec` nobody can answer an approval prompt, and the call would fail as "requires approval".
 */
export function codexMcpFlags(servers: readonly ResolvedMcpServer[]): string[] {
  const flags: [string, string][] = [];
  for (const server of servers) {
    const at = `mcp_servers.${tomlKey(server.name)}`;
    if (server.transport === 'stdio') {
      flags.push([`${at}.command`, tomlString(server.command ?? '')]);
      flags.push([`${at}.args`, tomlArray(server.args)]);
      if (Object.keys(server.env).length > 0) flags.push([`${at}.env`, tomlTable(server.env)]);
    } else {
      flags.push([`${at}.url`, tomlString(server.url ?? '')]);
      if (Object.keys(server.headers).length > 0) flags.push([`${at}.http_headers`, tomlTable(server.headers)]);
    }
    flags.push([`${at}.default_tools_approval_mode`, tomlString('approve')]);
  }
  return flags.flatMap(([key, value]) => ['-c', `${key}=${value}`]);
}
