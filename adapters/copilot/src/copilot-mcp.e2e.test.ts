import { readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeSandbox } from '@skill-eval/engine-kit/testing';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterEach, beforeEach, expect, it } from 'vitest';
import plugin from './index.js';
import { COPILOT, sharedCache } from './test-support/copilot-cache.js';

// The real copilot binary on the fake model server's OpenAI API, with MCP servers handed over as
// EngineRunInput.mcpServers. Copilot offers an MCP tool to the model as `<server>-<tool>`, each part spelled for the
// API (`fs.tools` → `fs-tools`); the Session reports it as `server::tool`, by the names the case gave.
const MCP_SERVER = fileURLToPath(import.meta.resolve('@skill-eval/testing/mcp-echo-server.mjs'));
/** copilot on a bring-your-own-key OpenAI provider, its model the fake server's. */
const engine = plugin.create(plugin.parseSettings({ path: COPILOT, model: 'gpt-4o', provider: 'openai' }));
/** What copilot needs to reach the fake server, and the package cache its tests share. */
const serverEnv = (server: FakeModelServer) => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  OPENAI_API_KEY: 'sk-copilot-mcp-e2e',
  OPENAI_BASE_URL: `${server.url}/v1`,
  XDG_CACHE_HOME: sharedCache(),
});
const TOKEN = 'secret-mcp-token-5150';

let server: FakeModelServer | undefined;
let sandbox: ReturnType<typeof makeSandbox>;
beforeEach(() => {
  sandbox = makeSandbox('copilot-mcp-e2e-');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  sandbox.cleanup();
});

const echoServer = (name: string) => ({
  name,
  transport: 'stdio' as const,
  command: process.execPath,
  args: [MCP_SERVER],
  env: { ECHO_TOKEN: TOKEN, ECHO_LEAK: '1' },
  headers: {},
});

it('installs input.mcpServers, runs the model’s call of an MCP tool, and reports it as server::tool', async () => {
  server = await startFakeModelServer({
    conversations: [
      {
        id: 'mcp',
        match: { user: 'Echo please', tools: true },
        responses: [
          { toolCalls: [{ name: 'fs-tools-echo', input: { text: 'from input' } }] },
          { toolCalls: [{ name: 'echo-echo', input: { text: 'second' } }] },
          { text: 'Echoed.' },
        ],
      },
    ],
  });
  expect(engine.capabilities?.mcp).toBe(true);
  const session = await engine.run(
    sandbox.input({
      env: serverEnv(server),
      timeoutMs: 120_000,
      turns: ['Echo please'],
      mcpServers: [echoServer('fs.tools'), echoServer('echo')],
    }),
  );

  expect(session.error).toBeUndefined();
  expect(session.status).toBe('completed');
  const offered = JSON.stringify((server.requests[0]!.body as { tools: unknown }).tools);
  expect(offered).toContain('"name":"fs-tools-echo"');
  expect(offered).toContain('"name":"echo-echo"');
  expect(session.toolCalls.map(({ name, input, isError }) => ({ name, input, isError }))).toEqual([
    { name: 'fs.tools::echo', input: { text: 'from input' }, isError: false },
    { name: 'echo::echo', input: { text: 'second' }, isError: false },
  ]);
  expect(session.toolCalls[0]!.output).toContain('echo: from input');
  expect(session.finalMessage).toBe('Echoed.');
  // The server's result reached the model.
  expect(JSON.stringify(server.requests[1]!.body)).toContain('echo: from input');
  // The servers' env stays in the HOME's config, readable by the user alone, and out of the transcript.
  const config = join(sandbox.home, '.copilot', 'mcp-config.json');
  expect(statSync(config).mode & 0o777).toBe(0o600);
  expect(readFileSync(session.transcriptPath!, 'utf8')).toContain('echo: from input');
  expect(readFileSync(session.transcriptPath!, 'utf8')).not.toContain(TOKEN);
}, 180_000);

/**
 * A minimal streamable-HTTP MCP server (JSON answers, no event stream) with one tool, `lookup`; it keeps the
 * Authorization header of every request.
 */
async function httpMcpServer(): Promise<{ url: string; auth: (string | undefined)[]; close(): Promise<void> }> {
  const auth: (string | undefined)[] = [];
  const http: Server = createServer((req, res) => {
    auth.push(req.headers.authorization);
    if (req.method !== 'POST') return void res.writeHead(405).end();
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const msg = JSON.parse(body) as { id?: number; method: string; params?: Record<string, unknown> };
      if (msg.id === undefined) return void res.writeHead(202).end();
      const result =
        msg.method === 'initialize'
          ? {
              protocolVersion: msg.params?.protocolVersion,
              capabilities: { tools: {} },
              serverInfo: { name: 'r', version: '1' },
            }
          : msg.method === 'tools/list'
            ? { tools: [{ name: 'lookup', description: 'Looks up', inputSchema: { type: 'object' } }] }
            : msg.method === 'tools/call'
              ? { content: [{ type: 'text', text: `found ${JSON.stringify(msg.params?.arguments)}` }] }
              : {};
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result }));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    auth,
    close: () => {
      http.closeAllConnections();
      return new Promise((resolve) => http.close(() => resolve()));
    },
  };
}

it('reaches an http MCP server with its headers', async () => {
  const remote = await httpMcpServer();
  try {
    server = await startFakeModelServer({
      conversations: [
        {
          id: 'http',
          match: { user: 'Look it up', tools: true },
          responses: [{ toolCalls: [{ name: 'remote-lookup', input: { q: 'x' } }] }, { text: 'Found.' }],
        },
      ],
    });
    const session = await engine.run(
      sandbox.input({
        env: serverEnv(server),
        timeoutMs: 120_000,
        turns: ['Look it up'],
        mcpServers: [
          {
            name: 'remote',
            transport: 'http',
            url: remote.url,
            args: [],
            env: {},
            headers: { Authorization: `Bearer ${TOKEN}` },
          },
        ],
      }),
    );
    expect(session.status).toBe('completed');
    expect(session.toolCalls.map(({ name, output, isError }) => ({ name, output, isError }))).toEqual([
      { name: 'remote::lookup', output: 'found {"q":"x"}', isError: false },
    ]);
    expect(remote.auth.length).toBeGreaterThan(0);
    expect(remote.auth.every((value) => value === `Bearer ${TOKEN}`)).toBe(true);
  } finally {
    await remote.close();
  }
}, 180_000);
