import { mcpToolName } from '@skill-eval/core';
import { mcpServersDocument } from '@skill-eval/engine-kit';

/**
 * The `mcp-config.json` of the execution's `~/.copilot` (Copilot CLI 1.0.102 loads it at start, `configSource: "user"`
 * in `session.mcp_server_status_changed`; `--additional-mcp-config` of `copilot --help` "augments config from
 * ~/.copilot/mcp-config.json", merged by the native runtime: cli-main.js:192 `mcpConfigReadAndMergeAdditional`, :4453
 * — paths of the package the binary unpacks into `$XDG_CACHE_HOME/copilot/pkg/<platform>/1.0.102`):
 * `{mcpServers: {<name>: …}}`, a stdio server by `type: "stdio"`, `command`, `args` and
 * `env`, an HTTP one by `type: "http"` (streamable HTTP), `url` and `headers` — McpServerConfigStdio and
 * McpServerConfigHttp of the package's `copilot-sdk/generated/rpc.d.ts` (:16478, :16602). Every tool of a server is
 * offered (`tools` omitted: "Defaults to all tools"), and `--allow-all` runs them without confirmation.
 */
export const copilotMcpConfig = mcpServersDocument;

/**
 * Whether a tool name the model streams may be an MCP tool's: Copilot offers those as `<server>-<tool>` (each part
 * spelled for the API: `fs.tools`/`do.it` → `fs-tools-do-it`, a non-ASCII name punycoded), while its built-in tools
 * (bash, view, skill, apply_patch, …) have no `-`. Such a call is recorded once `assistant.message` names its server.
 */
export const mayBeMcpTool = (name: string): boolean => name.includes('-');

/**
 * The Session's name of a tool request of `assistant.message` (or `tool.execution_start`): `server::tool` from its
 * `mcpServerName` and `mcpToolName`, the names the config gave (Copilot 1.0.102 sets both on an MCP tool's request,
 * whatever it made of them for the API), else Copilot's own name.
 */
export function copilotToolName(name: string, request: Record<string, unknown>): string {
  const server = request.mcpServerName;
  const tool = request.mcpToolName;
  return typeof server === 'string' && server && typeof tool === 'string' && tool ? mcpToolName(server, tool) : name;
}
