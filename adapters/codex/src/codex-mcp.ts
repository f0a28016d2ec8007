import type { ResolvedMcpServer } from '@skill-eval/core';
import { tomlString } from './codex-command.js';

/** A TOML key segment: bare when it can be, else quoted. */
const tomlKey = (key: string): string => (/^[A-Za-z0-9_-]+$/.test(key) ? key : tomlString(key));

const tomlArray = (values: readonly string[]): string => `[${values.map(tomlString).join(', ')}]`;

const tomlTable = (record: Record<string, string>): string =>
  `{ ${Object.entries(record)
    .map(([key, value]) => `${tomlKey(key)} = ${tomlString(value)}`)
    .join(', ')} }`;

/** How long codex waits for an MCP server to start before the execution ends as an error. */
const MCP_STARTUP_TIMEOUT_SECONDS = 60;

/**
 * `-c mcp_servers.<name>.…` overrides installing each server: stdio by `command`/`args`/`env`, http
 * by `url`/`http_headers`. Every server's tools are pre-approved (`default_tools_approval_mode`):
 * under `codex exec` nobody can answer an approval prompt, and the call would fail as "requires approval".
 * Every server is `required`: without it codex sends the first request before a slow server is up, so the model
 * never sees its tools and the case fails as if the agent had not called them. Required, codex waits for the server
 * (up to `startup_timeout_sec`, raised from codex's 10 s so a busy machine or a first `npx` download still starts),
 * and a server that cannot start ends the execution as an error, not as the agent's fault.
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
    flags.push([`${at}.required`, 'true']);
    flags.push([`${at}.startup_timeout_sec`, String(MCP_STARTUP_TIMEOUT_SECONDS)]);
  }
  return flags.flatMap(([key, value]) => ['-c', `${key}=${value}`]);
}
