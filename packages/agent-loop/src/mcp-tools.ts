import { errorInfo, mcpToolName, type ResolvedMcpServer, SkillEvalError } from '@skill-eval/core';
import type { AgentTool } from './agent-tool.js';
import { limitToolOutput } from './tool-output-limit.js';

/** MCP tools offered to the model, and how to let go of their servers. */
export interface McpTools {
  tools: AgentTool[];
  /** Closes every connection (and ends stdio server processes). */
  close(): Promise<void>;
}

export interface ConnectMcpOptions {
  /** Environment stdio servers start with (their own `env` is added on top). */
  env: Record<string, string>;
  /** Working directory of stdio servers (the workspace). */
  cwd: string;
  /** Longest wait for one server to start and list its tools. */
  connectTimeoutMs?: number;
}

/** Providers accept tool names of `[a-zA-Z0-9_-]`, at most 64 characters. */
export function modelToolName(server: string, tool: string): string {
  return `${server}__${tool}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
}

type McpClient = InstanceType<typeof import('@modelcontextprotocol/sdk/client/index.js').Client>;
type CallResult = Awaited<ReturnType<McpClient['callTool']>>;

/** Text of a tool result: text blocks as they are, other blocks by type, structured content as JSON. */
function resultText(result: CallResult): string {
  const blocks = Array.isArray(result.content) ? (result.content as { type: string; text?: string }[]) : [];
  const parts = blocks.map((block) => (typeof block.text === 'string' ? block.text : `[${block.type}]`));
  if (parts.length === 0 && result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  return parts.join('\n');
}

/**
 * Connects to every server (stdio or streamable http) through the MCP SDK and offers each of its
 * tools to the model as `<server>__<tool>`, reported in the Session as `server::tool`. A server
 * that cannot be reached is an ENGINE_FAILED error naming it; connections made so far are closed.
 */
export async function connectMcpTools(
  servers: readonly ResolvedMcpServer[],
  options: ConnectMcpOptions,
): Promise<McpTools> {
  const clients: McpClient[] = [];
  const close = async () => {
    await Promise.allSettled(clients.map((client) => client.close()));
  };
  if (servers.length === 0) return { tools: [], close };
  // Loaded only when a case has MCP servers: the SDK is not needed otherwise.
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const tools: AgentTool[] = [];
  const taken = new Set<string>();
  try {
    for (const server of servers) {
      const client = new Client({ name: 'skill-eval', version: '1.0.0' });
      clients.push(client);
      try {
        await withTimeout(client.connect(await transportFor(server, options)), options.connectTimeoutMs ?? 30_000);
        for (const tool of await listTools(client)) {
          let name = modelToolName(server.name, tool.name);
          for (let n = 2; taken.has(name); n++) name = `${modelToolName(server.name, tool.name).slice(0, 60)}_${n}`;
          taken.add(name);
          tools.push({
            definition: {
              name,
              description: tool.description ?? `MCP tool ${tool.name} of server ${server.name}`,
              inputSchema: tool.inputSchema as Record<string, unknown>,
            },
            reportAs: mcpToolName(server.name, tool.name),
            async run(input) {
              const args = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
              const result = await client.callTool({ name: tool.name, arguments: args });
              const output = limitToolOutput(resultText(result), `MCP tool ${mcpToolName(server.name, tool.name)}`);
              return { output, isError: result.isError === true };
            },
          });
        }
      } catch (error) {
        throw new SkillEvalError(
          'ENGINE_FAILED',
          `MCP server "${server.name}" could not be started: ${errorInfo(error).message}`,
          { cause: error, hint: 'Check the server command or url in the eval file.' },
        );
      }
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { tools, close };
}

async function transportFor(server: ResolvedMcpServer, options: ConnectMcpOptions) {
  if (server.transport === 'stdio') {
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    if (!server.command) throw new Error('a stdio server needs a command');
    return new StdioClientTransport({
      command: server.command,
      args: server.args,
      env: { ...options.env, ...server.env },
      cwd: options.cwd,
      stderr: 'ignore',
    });
  }
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  if (!server.url) throw new Error('an http server needs a url');
  return new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: server.headers } });
}

async function listTools(client: McpClient) {
  const all: Awaited<ReturnType<McpClient['listTools']>>['tools'] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    all.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
