import { fileURLToPath } from 'node:url';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterEach, beforeEach, expect, it } from 'vitest';
import plugin from './index.js';
import { makeSandbox } from './test-support/make-sandbox.js';

// The real codex binary against the fake model server, with an MCP server handed over as EngineRunInput.mcpServers.
const CODEX = fileURLToPath(new URL('../node_modules/.bin/codex', import.meta.url));
const MCP_SERVER = fileURLToPath(import.meta.resolve('@skill-eval/testing/mcp-echo-server.mjs'));

let server: FakeModelServer | undefined;
let sandbox: ReturnType<typeof makeSandbox>;
beforeEach(() => {
  sandbox = makeSandbox('codex-mcp-e2e-');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  sandbox.cleanup();
});

it('installs input.mcpServers with approval, and reports the call as server::tool', async () => {
  server = await startFakeModelServer({
    conversations: [
      {
        id: 'mcp',
        match: { user: 'Echo please', tools: true },
        responses: [
          // codex offers MCP tools in a namespace (mcp__<server>).
          {
            toolCalls: [{ name: 'echo', namespace: 'mcp__echo', input: { text: 'from input' } }],
            usage: { input_tokens: 100, output_tokens: 10 },
          },
          { text: 'Echoed.' },
        ],
      },
    ],
  });
  const engine = plugin.create(plugin.parseSettings({ path: CODEX }));
  expect(engine.capabilities?.mcp).toBe(true);
  const session = await engine.run(
    sandbox.input({
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        OPENAI_API_KEY: 'sk-fake',
        OPENAI_BASE_URL: `${server.url}/v1`,
      },
      turns: ['Echo please'],
      mcpServers: [
        { name: 'echo', transport: 'stdio', command: process.execPath, args: [MCP_SERVER], env: {}, headers: {} },
      ],
    }),
  );
  expect(session.status).toBe('completed');
  expect(session.toolCalls.map(({ name, input, output, isError }) => ({ name, input, output, isError }))).toEqual([
    { name: 'echo::echo', input: { text: 'from input' }, output: 'echo: from input', isError: false },
  ]);
}, 60_000);
