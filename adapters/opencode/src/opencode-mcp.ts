import { mcpToolName, type ResolvedMcpServer } from '@skill-eval/core';

/**
 * The `mcp` map of opencode's config (opencode 1.18.33's schema, module ConfigMCPV1 of its bundle: `McpLocalConfig`
 * `{type: "local", command: string[], cwd?, environment?, enabled?, timeout?}`, `McpRemoteConfig` `{type: "remote",
 * url, enabled?, headers?, oauth?, timeout?}`). A stdio server is a local one whose `command` holds the program and its
 * arguments; opencode starts it with its own environment plus `environment` (MCP.connectLocal). An http server is a
 * remote one (streamable HTTP, then SSE: MCP.connectRemote) with `oauth: false`: without it a server that answers 401
 * makes opencode try dynamic OAuth client registration and wait for `opencode mcp auth`, which no unattended run can
 * answer; the case's headers carry its credentials instead. MCP tools are allowed by the config's `"*": "allow"`.
 */
export function opencodeMcpServers(servers: readonly ResolvedMcpServer[]): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const server of servers) {
    config[server.name] =
      server.transport === 'stdio'
        ? { type: 'local', command: [server.command, ...server.args], environment: server.env, enabled: true }
        : { type: 'remote', url: server.url, headers: server.headers, oauth: false, enabled: true };
  }
  return config;
}

/** How opencode spells a server or tool name inside a tool name (McpCatalog.sanitize of its bundle). */
const opencodeNamePart = (name: string): string => name.replace(/[^a-zA-Z0-9_-]/g, '_');

/**
 * opencode names MCP tools `<server>_<tool>`, each part sanitized (McpCatalog.toolName, the key MCP.tools gives the
 * model and the `tool` of a `tool_use` event); the Session names them `server::tool`. Only the servers handed to
 * opencode are matched (a server name may itself hold `_`), the longest first; any other name — opencode's own tools
 * among them — passes unchanged.
 */
export function normalizeOpencodeToolName(name: string, servers: readonly string[]): string {
  const known = [...servers]
    .sort((a, b) => b.length - a.length)
    .find((server) => {
      const part = opencodeNamePart(server);
      return name.startsWith(`${part}_`) && name.length > part.length + 1;
    });
  return known === undefined ? name : mcpToolName(known, name.slice(opencodeNamePart(known).length + 1));
}
