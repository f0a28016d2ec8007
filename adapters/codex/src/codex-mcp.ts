import { createHash } from 'node:crypto';
import type { ResolvedMcpServer } from '@skill-eval/core';
import { tomlString } from './codex-command.js';

/**
 * The MCP server names codex takes: codex 0.169 refuses any other ("Invalid MCP server name '…': must match pattern
 * ^[a-zA-Z0-9_-]+$", a string of its binary). A name must also survive how codex reads a `-c key=value` override
 * before that check: it cuts the argument at its first `=` (codex-rs/utils/cli/src/config_override.rs:55 at commit
 * 251d79117e8d, `s.splitn(2, '=')`; `split_once('=')` in later versions) and the key at every `.`
 * (config_override.rs:111 there, `path.split('.')`; codex-rs/config/src/overrides.rs:20 at commit 041bbaf6a900) with
 * no TOML unquoting, so a quoted key segment is no protection: `mcp_servers."A={command='sh'}#".command=…` would make
 * the value `{command='sh'}#".command=…` (the `#` starting a TOML comment) of a server `"A`. A name of these
 * characters holds no `=`, `.`, quote, `#` or space, so codex reads it as written.
 */
export const CODEX_SERVER_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * The name each server goes to codex under, by the case's name: the name itself when codex takes it
 * ({@link CODEX_SERVER_NAME}), else its characters outside the pattern replaced by `_` and a hash of the whole name
 * appended (`git.hub` → `git_hub-…`), so that two names never meet, nor meet a name codex takes as it is. The same
 * servers get the same names in every turn and execution; codex's events name the server by this name, which
 * {@link caseServerName} turns back into the case's.
 */
export function codexServerNames(servers: readonly Pick<ResolvedMcpServer, 'name'>[]): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set(servers.map((server) => server.name).filter((name) => CODEX_SERVER_NAME.test(name)));
  for (const { name } of servers) {
    if (names.has(name)) continue;
    if (CODEX_SERVER_NAME.test(name)) {
      names.set(name, name);
      continue;
    }
    const base = name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40) || 'server';
    const hash = createHash('sha256').update(name).digest('hex');
    let length = 8;
    let safe = `${base}-${hash.slice(0, length)}`;
    while (taken.has(safe)) safe = `${base}-${hash.slice(0, ++length)}`;
    taken.add(safe);
    names.set(name, safe);
  }
  return names;
}

/** The case's name of the server codex reported as `reported`: the reverse of {@link codexServerNames}. */
export function caseServerName(names: ReadonlyMap<string, string>, reported: string): string {
  for (const [name, safe] of names) if (safe === reported) return name;
  return reported;
}

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
export function codexMcpFlags(
  servers: readonly ResolvedMcpServer[],
  names: ReadonlyMap<string, string> = codexServerNames(servers),
): string[] {
  const flags: [string, string][] = [];
  for (const server of servers) {
    const name = names.get(server.name);
    // Never a name codex would cut elsewhere than between its segments: only the names codexServerNames gives.
    if (name === undefined || !CODEX_SERVER_NAME.test(name)) {
      throw new Error(`MCP server ${JSON.stringify(server.name)} has no name codex can take.`);
    }
    const at = `mcp_servers.${name}`;
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
