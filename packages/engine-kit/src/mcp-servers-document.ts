import type { ResolvedMcpServer } from '@skill-eval/core';

/**
 * The `{mcpServers: {<name>: …}}` document several agents read (claude's `--mcp-config`, Copilot CLI's
 * `~/.copilot/mcp-config.json`): a stdio server by `type: "stdio"`, `command`, `args` and `env`, an HTTP one by
 * `type: "http"`, `url` and `headers`.
 */
export function mcpServersDocument(servers: readonly ResolvedMcpServer[]): { mcpServers: Record<string, unknown> } {
  const mcpServers: Record<string, unknown> = {};
  for (const server of servers) {
    mcpServers[server.name] =
      server.transport === 'stdio'
        ? { type: 'stdio', command: server.command, args: server.args, env: server.env }
        : { type: 'http', url: server.url, headers: server.headers };
  }
  return { mcpServers };
}
