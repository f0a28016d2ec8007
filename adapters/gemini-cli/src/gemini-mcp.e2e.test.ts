import { fileURLToPath } from 'node:url';
import { makeSandbox } from '@skill-eval/engine-kit/testing';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterEach, beforeEach, expect, it } from 'vitest';
import plugin from './index.js';

// The real gemini binary against the fake model server, with an MCP server handed over as EngineRunInput.mcpServers.
const GEMINI = fileURLToPath(new URL('../node_modules/.bin/gemini', import.meta.url));
const MCP_SERVER = fileURLToPath(import.meta.resolve('@skill-eval/testing/mcp-echo-server.mjs'));

let server: FakeModelServer | undefined;
let sandbox: ReturnType<typeof makeSandbox>;
beforeEach(() => {
  sandbox = makeSandbox('gemini-mcp-e2e-');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  sandbox.cleanup();
});

it('installs input.mcpServers, offers their tools as mcp_<server>_<tool>, and reports the call as server::tool', async () => {
  server = await startFakeModelServer({
    conversations: [
      {
        id: 'mcp',
        match: { user: 'Echo please', tools: true },
        responses: [{ toolCalls: [{ name: 'mcp_echo_echo', input: { text: 'from input' } }] }, { text: 'Echoed.' }],
      },
    ],
  });
  const engine = plugin.create(plugin.parseSettings({ path: GEMINI, model: 'gemini-2.5-flash' }));
  expect(engine.capabilities?.mcp).toBe(true);
  const session = await engine.run(
    sandbox.input({
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', GEMINI_API_KEY: 'fake', GOOGLE_GEMINI_BASE_URL: server.url },
      turns: ['Echo please'],
      mcpServers: [
        {
          name: 'echo',
          transport: 'stdio',
          command: process.execPath,
          args: [MCP_SERVER],
          env: { ECHO_TOKEN: 'secret-mcp-token-77' },
          headers: {},
        },
      ],
    }),
  );
  expect(session.status).toBe('completed');
  const offered = JSON.stringify((server.requests[0]!.body as { tools: unknown }).tools);
  expect(offered).toContain('"name":"mcp_echo_echo"');
  expect(session.toolCalls.map(({ name, input, output, isError }) => ({ name, input, output, isError }))).toEqual([
    {
      name: 'echo::echo',
      input: { text: 'from input' },
      output: expect.stringContaining('echo: from input'),
      isError: false,
    },
  ]);
  expect(JSON.stringify(server.requests[1]!.body)).toContain('echo: from input');
}, 90_000);
