import { mcpServersDocument } from '@skill-eval/engine-kit';

/** The `--mcp-config` document: claude's `mcpServers` map, stdio servers by command, http servers by url. */
export const claudeMcpConfig = mcpServersDocument;

/** How claude spells a server or tool name inside `mcp__<server>__<tool>`. */
const claudeNamePart = (name: string): string => name.replace(/[^a-zA-Z0-9_-]/g, '_');

/**
 * Claude Code names MCP tools `mcp__<server>__<tool>`; the Session names them `server::tool`.
 * Known server names are matched first (a server name may itself hold `__`); other names pass unchanged.
 */
export function normalizeClaudeToolName(name: string, servers: readonly string[] = []): string {
  if (!name.startsWith('mcp__')) return name;
  const rest = name.slice('mcp__'.length);
  const known = [...servers]
    .sort((a, b) => b.length - a.length)
    .find((server) => rest.startsWith(`${claudeNamePart(server)}__`));
  if (known !== undefined) return `${known}::${rest.slice(claudeNamePart(known).length + 2)}`;
  const split = rest.indexOf('__');
  return split > 0 && split < rest.length - 2 ? `${rest.slice(0, split)}::${rest.slice(split + 2)}` : name;
}
