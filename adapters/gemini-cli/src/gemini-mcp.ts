import { mcpToolName, type ResolvedMcpServer } from '@skill-eval/core';

/**
 * The `mcpServers` of gemini's settings (gemini 0.61.0's settings schema, bundle/chunk-2YTYPKEZ.js:12396): stdio
 * servers by `command`, `args` and `env`, http servers by `httpUrl` (streamable HTTP) and `headers`. `trust: true`
 * spares the calls a confirmation in the stricter approval modes, as claude-code's and codex's servers are approved.
 */
export function geminiMcpServers(servers: readonly ResolvedMcpServer[]): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const server of servers) {
    config[server.name] =
      server.transport === 'stdio'
        ? { command: server.command, args: server.args, env: server.env, trust: true }
        : { httpUrl: server.url, headers: server.headers, trust: true };
  }
  return config;
}

/** How gemini spells a server or tool name inside a tool name (generateValidName, chunk-JDPZ4CE3.js:274891). */
const geminiNamePart = (name: string): string => name.replace(/[^a-zA-Z0-9_\-.:]/g, '_');

/**
 * gemini names MCP tools `mcp_<server>_<tool>` (formatMcpToolName, bundle/chunk-JDPZ4CE3.js:274573); the Session
 * names them `server::tool`. Only the servers handed to gemini are matched (a server name may itself hold `_`), the
 * longest first; any other name passes unchanged.
 */
export function normalizeGeminiToolName(name: string, servers: readonly string[]): string {
  if (!name.startsWith('mcp_')) return name;
  const rest = name.slice('mcp_'.length);
  const known = [...servers]
    .sort((a, b) => b.length - a.length)
    .find((server) => rest.startsWith(`${geminiNamePart(server)}_`) && rest.length > geminiNamePart(server).length + 1);
  return known === undefined ? name : mcpToolName(known, rest.slice(geminiNamePart(known).length + 1));
}
