import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MOCK_MCP_SERVER_SCRIPT } from '@skill-eval/runner';
import { startFakeModelServer } from '@skill-eval/testing';
import { afterEach, beforeEach, expect, it } from 'vitest';
import plugin from './index.js';
import { tempWorkspace } from './test-support/temp-workspace.js';

// The runner's mocked MCP server (an SDK stdio server answering canned responses).
const MOCK_SERVER = MOCK_MCP_SERVER_SCRIPT;

let ws: Awaited<ReturnType<typeof tempWorkspace>>;
let server: Awaited<ReturnType<typeof startFakeModelServer>> | undefined;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(async () => {
  await server?.close();
  await ws.cleanup();
});

it('offers MCP tools as <server>__<tool>, runs them on the server and reports server::tool', async () => {
  server = await startFakeModelServer({
    conversations: [
      {
        id: 'mcp',
        match: { user: 'Plan it', tools: true },
        responses: [{ toolCalls: [{ name: 'pm__create_plan', input: { name: 'Q1' } }] }, { text: 'Planned.' }],
      },
    ],
  });
  const spec = join(ws.root, 'pm.json');
  await writeFile(
    spec,
    JSON.stringify({ name: 'pm', tools: [{ name: 'create_plan', response: 'plan {{params.name}}' }] }),
  );
  const engine = plugin.create(plugin.parseSettings({ model: 'claude-sonnet-5-5' }));
  expect(engine.capabilities.mcp).toBe(true);
  const session = await engine.run({
    executionId: 'x1',
    workspace: ws.workspace,
    home: ws.root,
    skills: [],
    turns: ['Plan it'],
    timeoutMs: 20_000,
    signal: new AbortController().signal,
    env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: server.url, PATH: process.env.PATH ?? '' },
    artifactsDir: join(ws.root, 'artifacts'),
    mcpServers: [
      { name: 'pm', transport: 'stdio', command: process.execPath, args: [MOCK_SERVER, spec], env: {}, headers: {} },
    ],
  });
  expect(session.status).toBe('completed');
  const [first, second] = server.requests.map((r) => r.body as { tools: { name: string }[]; messages: unknown[] });
  expect(first!.tools.map((t) => t.name)).toContain('pm__create_plan');
  expect(JSON.stringify(second!.messages)).toContain('plan Q1');
  expect(session.toolCalls).toEqual([
    { id: expect.any(String), name: 'pm::create_plan', input: { name: 'Q1' }, output: 'plan Q1', isError: false },
  ]);
}, 30_000);
