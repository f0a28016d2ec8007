import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { ResolvedMcpServer } from '@skill-eval/core';
import { MOCK_MCP_SERVER_SCRIPT } from '@skill-eval/runner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAgentSession } from './agent-session.js';
import { connectMcpTools, modelToolName } from './mcp-tools.js';
import type { ModelClient, ToolDefinition } from './model-client.js';
import { tempWorkspace } from './testing/index.js';
import { MAX_TOOL_OUTPUT_CHARS } from './tool-output-limit.js';

// The runner's mocked MCP server: a real stdio MCP server built on the SDK, answering canned responses.
const MOCK_SERVER = MOCK_MCP_SERVER_SCRIPT;

let ws: Awaited<ReturnType<typeof tempWorkspace>>;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

async function mockServer(name: string, tools: unknown[]): Promise<ResolvedMcpServer> {
  const file = join(ws.root, `${name}.json`);
  await writeFile(file, JSON.stringify({ name, tools }));
  return { name, transport: 'stdio', command: process.execPath, args: [MOCK_SERVER, file], env: {}, headers: {} };
}

describe('modelToolName', () => {
  it.each([
    ['pm', 'create_plan', 'pm__create_plan'],
    ['git.hub', 'search/code', 'git_hub__search_code'],
    ['s', 'x'.repeat(80), `s__${'x'.repeat(61)}`],
  ])('%s + %s → %s', (server, tool, expected) => {
    expect(modelToolName(server, tool)).toBe(expected);
  });
});

describe('MCP tools in the agent loop', () => {
  it('offers the mock server tools, runs a call against it and records it as server::tool', async () => {
    const servers = [
      await mockServer('project-mgmt', [
        {
          name: 'create_plan',
          description: 'Create a publish plan',
          inputSchema: { type: 'object', properties: { name: { type: 'string' } } },
          response: { id: 999, name: '{{params.name}}', status: 'ONGOING' },
        },
      ]),
    ];
    let offered: ToolDefinition[] = [];
    let call = 0;
    const client: ModelClient = {
      call: async (conversation, tools) => {
        offered = [...tools];
        const usage = { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
        if (call++ === 0) {
          const toolCalls = [{ id: 'c1', name: 'project-mgmt__create_plan', input: { name: 'Q1 release' } }];
          return { text: '', toolCalls, usage, model: 'm', stopReason: 'tool_use' };
        }
        const last = conversation.at(-1);
        const output = last?.role === 'tool-results' ? last.results[0]!.output : '';
        return { text: `Plan: ${output}`, toolCalls: [], usage, model: 'm', stopReason: 'end_turn' };
      },
    };
    const session = await runAgentSession({
      input: {
        executionId: 'x',
        workspace: ws.workspace,
        home: ws.root,
        skills: [],
        turns: ['Create the Q1 plan.'],
        timeoutMs: 20_000,
        signal: new AbortController().signal,
        env: { PATH: process.env.PATH ?? '' },
        artifactsDir: join(ws.root, 'artifacts'),
        mcpServers: servers,
      },
      engineId: 'fake',
      model: 'm',
      maxTurns: 4,
      skillRoots: [],
      transcriptFile: 't.jsonl',
      createClient: () => client,
    });
    expect(session.status).toBe('completed');
    expect(offered.find((t) => t.name === 'project-mgmt__create_plan')).toEqual({
      name: 'project-mgmt__create_plan',
      description: 'Create a publish plan',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } } },
    });
    const canned = JSON.stringify({ id: 999, name: 'Q1 release', status: 'ONGOING' });
    expect(session.toolCalls).toEqual([
      { id: 'c1', name: 'project-mgmt::create_plan', input: { name: 'Q1 release' }, output: canned, isError: false },
    ]);
    expect(session.finalMessage).toBe(`Plan: ${canned}`);
  }, 30_000);

  it('cuts a tool result longer than any other tool may give, saying how long it was', async () => {
    const huge = 'x'.repeat(MAX_TOOL_OUTPUT_CHARS + 5_000);
    const server = await mockServer('logs', [
      { name: 'dump', inputSchema: { type: 'object', properties: {} }, response: { text: huge } },
    ]);
    const mcp = await connectMcpTools([server], { env: {}, cwd: ws.workspace, connectTimeoutMs: 20_000 });
    try {
      const { output } = await mcp.tools[0]!.run({});
      const [shown, note] = output.split('\n');
      expect(shown!.length).toBe(MAX_TOOL_OUTPUT_CHARS);
      expect(note).toMatch(
        /^\[truncated: MCP tool logs::dump gave 205,0\d\d characters; the first 200,000 are shown\]$/,
      );
    } finally {
      await mcp.close();
    }
  }, 30_000);

  it('makes a server that cannot start an error naming it', async () => {
    const broken: ResolvedMcpServer = {
      name: 'broken',
      transport: 'stdio',
      command: process.execPath,
      args: ['-e', 'process.exit(3)'],
      env: {},
      headers: {},
    };
    await expect(connectMcpTools([broken], { env: {}, cwd: ws.workspace, connectTimeoutMs: 5_000 })).rejects.toThrow(
      /MCP server "broken" could not be started/,
    );
  }, 20_000);

  it('reaches a streamable-http server, sending its headers', async () => {
    const { Server } = await import('@modelcontextprotocol/sdk/server/index.js');
    const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
    const { CallToolRequestSchema, ListToolsRequestSchema } = await import('@modelcontextprotocol/sdk/types.js');
    const seenAuth: (string | undefined)[] = [];
    // Stateless: a fresh server and transport per request, as the SDK's stateless example does.
    const http = createServer(async (req, res) => {
      seenAuth.push(req.headers.authorization);
      const server = new Server({ name: 'remote', version: '1.0.0' }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: [{ name: 'lookup', inputSchema: { type: 'object' } }],
      }));
      server.setRequestHandler(CallToolRequestSchema, (request) => ({
        content: [{ type: 'text', text: `found ${JSON.stringify(request.params.arguments)}` }],
      }));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => void transport.close());
      await server.connect(transport);
      await transport.handleRequest(req, res);
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    const mcp = await connectMcpTools(
      [
        {
          name: 'remote',
          transport: 'http',
          url: `http://127.0.0.1:${port}/mcp`,
          args: [],
          env: {},
          headers: { Authorization: 'Bearer t0k' },
        },
      ],
      { env: {}, cwd: ws.workspace },
    );
    try {
      expect(mcp.tools.map((t) => [t.definition.name, t.reportAs])).toEqual([['remote__lookup', 'remote::lookup']]);
      expect(await mcp.tools[0]!.run({ q: 'x' })).toEqual({ output: 'found {"q":"x"}', isError: false });
      expect(seenAuth.length).toBeGreaterThan(0);
      expect(seenAuth.every((auth) => auth === 'Bearer t0k')).toBe(true);
    } finally {
      await mcp.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  }, 20_000);

  it('makes an http server that is not there an error', async () => {
    const nothing: ResolvedMcpServer = {
      name: 'remote',
      transport: 'http',
      url: 'http://127.0.0.1:9/mcp',
      args: [],
      env: {},
      headers: {},
    };
    await expect(connectMcpTools([nothing], { env: {}, cwd: ws.workspace, connectTimeoutMs: 5_000 })).rejects.toThrow(
      /MCP server "remote" could not be started/,
    );
  }, 20_000);
});
