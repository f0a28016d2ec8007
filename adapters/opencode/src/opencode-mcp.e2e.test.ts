import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CaseSchema, SuiteSchema } from '@skill-eval/core';
import { makeSandbox } from '@skill-eval/engine-kit/testing';
import { runSuites } from '@skill-eval/runner';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import plugin from './index.js';

// The real opencode binary against the fake model server's Anthropic API, with an MCP server handed over as
// EngineRunInput.mcpServers.
const OPENCODE = fileURLToPath(new URL('../node_modules/.bin/opencode', import.meta.url));
const MCP_SERVER = fileURLToPath(import.meta.resolve('@skill-eval/testing/mcp-echo-server.mjs'));
const MODEL = 'anthropic/claude-sonnet-4-5';
const TOKEN = 'secret-mcp-token-77';
const engine = plugin.create(plugin.parseSettings({ path: OPENCODE, model: MODEL }));

let server: FakeModelServer | undefined;
let sandbox: ReturnType<typeof makeSandbox>;
beforeEach(() => {
  sandbox = makeSandbox('opencode-mcp-e2e-');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  sandbox.cleanup();
});

const env = (s: FakeModelServer) => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  ANTHROPIC_API_KEY: 'sk-ant-fake-opencode-mcp',
  ANTHROPIC_BASE_URL: s.url,
});
// The agent's own requests carry tools; opencode's title request (to its small model) does not.
const agentRequests = () => server!.requests.filter((r) => r.conversation !== undefined);

it('installs input.mcpServers, offers their tools as <server>_<tool>, and reports the call as server::tool', async () => {
  server = await startFakeModelServer({
    conversations: [
      {
        id: 'mcp',
        match: { user: 'Echo please', tools: true },
        responses: [
          { toolCalls: [{ name: 'echo_echo', input: { text: 'from input' } }] },
          // The server's secret, said by the model, goes through opencode's stream.
          { toolCalls: [{ name: 'echo_echo', input: { text: TOKEN } }] },
          { text: 'Echoed.' },
        ],
      },
    ],
  });
  expect(engine.capabilities?.mcp).toBe(true);
  const session = await engine.run(
    sandbox.input({
      env: env(server),
      timeoutMs: 90_000,
      turns: ['Echo please'],
      mcpServers: [
        {
          name: 'echo',
          transport: 'stdio',
          command: process.execPath,
          args: [MCP_SERVER],
          env: { ECHO_TOKEN: TOKEN },
          headers: {},
        },
      ],
    }),
  );
  expect(session.error).toBeUndefined();
  expect(session.status).toBe('completed');
  const offered = (agentRequests()[0]!.body as { tools: { name: string }[] }).tools.map((tool) => tool.name);
  expect(offered).toContain('echo_echo');
  expect(session.toolCalls.map(({ name, input, output, isError }) => ({ name, input, output, isError }))).toEqual([
    { name: 'echo::echo', input: { text: 'from input' }, output: 'echo: from input', isError: false },
    { name: 'echo::echo', input: { text: TOKEN }, output: `echo: ${TOKEN}`, isError: false },
  ]);
  expect(session.finalMessage).toBe('Echoed.');
  // The tool's answer went back to the model.
  expect(JSON.stringify(agentRequests()[1]!.body)).toContain('echo: from input');
  // The server's environment is in the HOME's config (the owner's only); the transcript on disk has it redacted.
  const config = join(sandbox.home, '.config', 'opencode', 'opencode.json');
  expect(statSync(config).mode & 0o777).toBe(0o600);
  expect(JSON.parse(readFileSync(config, 'utf8')).mcp.echo).toEqual({
    type: 'local',
    command: [process.execPath, MCP_SERVER],
    environment: { ECHO_TOKEN: TOKEN },
    enabled: true,
  });
  const transcript = readFileSync(session.transcriptPath!, 'utf8');
  expect(transcript).toContain('echo_echo');
  expect(transcript).not.toContain(TOKEN);
}, 120_000);

it("runs a case's mocked MCP server through the runner: tool-called on server::tool with its args passes", async () => {
  server = await startFakeModelServer({
    conversations: [
      {
        id: 'plan',
        match: { user: 'Plan Q1', tools: true },
        responses: [{ toolCalls: [{ name: 'pm_create_plan', input: { name: 'Q1' } }] }, { text: 'Planned.' }],
      },
    ],
  });
  const file = join(sandbox.root, 'evals.json');
  const testCase = CaseSchema.parse({
    id: 'plan',
    name: 'plan',
    kind: 'task',
    turns: ['Plan Q1 please'],
    mcpServers: [
      { name: 'pm', transport: 'stdio', mock: { tools: [{ name: 'create_plan', response: 'plan {{params.name}}' }] } },
    ],
    checks: [{ type: 'tool-called', value: 'pm::create_plan', args: { name: 'Q1' } }],
    source: { file, format: 'evals-json' },
  });
  const { results } = await runSuites({
    suites: [SuiteSchema.parse({ id: 's', name: 'plan', file, format: 'x', cases: [testCase] })],
    engines: [{ id: 'opencode', engine }],
    outDir: join(sandbox.root, 'out'),
    tempDir: sandbox.root,
    concurrency: 1,
    env: env(server),
    timeoutSeconds: 90,
    variants: ['without_skill'],
  });
  expect(results).toHaveLength(1);
  expect(results[0]).toMatchObject({ status: 'passed', score: 1 });
  expect(results[0]!.session?.toolCalls).toEqual([
    expect.objectContaining({ name: 'pm::create_plan', input: { name: 'Q1' }, output: 'plan Q1', isError: false }),
  ]);
}, 120_000);

const NOTICE = 'MAXIMUM STEPS REACHED';
const bash = (command: string) => ({ toolCalls: [{ name: 'bash', input: { command, description: command } }] });
// opencode sends its notice as an assistant message at the end of the request, which the fake model counts as one more
// model turn: the request of opencode's step 2 is the fake model's step 2, not 1, so step 1 is never asked.
const neverAsked = { error: { status: 400, message: 'step 1 is never asked: the notice counts as a turn' } };

describe('maxTurns as the steps of the agent opencode runs', () => {
  it('a model that heeds the notice at the last step ends the turn there: completed', async () => {
    server = await startFakeModelServer({
      conversations: [
        {
          id: 'heed',
          match: { user: 'Count', tools: true },
          responses: [bash('echo one'), neverAsked, { text: 'Stopped.' }],
        },
      ],
    });
    const session = await engine.run(
      sandbox.input({ env: env(server), timeoutMs: 90_000, turns: ['Count please'], maxTurns: 2 }),
    );
    expect(session.error).toBeUndefined();
    expect(session.status).toBe('completed');
    expect(session.finalMessage).toBe('Stopped.');
    const config = JSON.parse(readFileSync(join(sandbox.home, '.config', 'opencode', 'opencode.json'), 'utf8'));
    expect(config.agent).toEqual({ build: { steps: 2 } });
    // The first request is a plain one; the second, the limit's, carries opencode's notice.
    expect(agentRequests().map((r) => JSON.stringify(r.body).includes(NOTICE))).toEqual([false, true]);
  }, 120_000);

  it('a model that goes on calling tools past it ends the turn as max-turns, every later request noticed', async () => {
    server = await startFakeModelServer({
      conversations: [
        {
          id: 'ignore',
          match: { user: 'Count', tools: true },
          responses: [bash('echo one'), neverAsked, bash('echo two'), bash('echo three'), { text: 'Done counting.' }],
        },
      ],
    });
    const session = await engine.run(
      sandbox.input({ env: env(server), timeoutMs: 90_000, turns: ['Count please'], maxTurns: 2 }),
    );
    expect(session.status).toBe('max-turns');
    expect(session.error).toMatchObject({ code: 'MAX_TURNS', message: expect.stringContaining('past maxTurns 2') });
    // opencode itself did not stop: the tools ran, the requests went on until the model answered with text.
    expect(session.toolCalls.map((call) => call.output)).toEqual(['one\n', 'two\n', 'three\n']);
    expect(agentRequests().map((r) => JSON.stringify(r.body).includes(NOTICE))).toEqual([false, true, true, true]);
  }, 120_000);
});
