import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseResult, Session } from '@skill-eval/core';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { CLAUDE_BIN, CODEX_BIN, COPILOT_BIN, COPILOT_TEST_CACHE } from '../test-support/paths.js';
import { PLANNER_CANNED, plannerConversations, writePlannerSuite } from '../test-support/planner-suite.js';
import { processesWithEnv } from '../test-support/processes.js';
import { resultsByCase } from '../test-support/run-output.js';

// The planner suite (a skill-up eval.yaml with a mocked MCP server) on the real claude, codex and copilot binaries,
// against the fake model server.

/** Runs the planner suite in `dir` on `engineArgs`; returns the exit code and the results by case id. */
async function runPlanner(
  dir: string,
  env: Record<string, string | undefined>,
  engineArgs: string[],
): Promise<{ code: number; results: Map<string, CaseResult> }> {
  const io = captureIO(dir, env);
  const code = await main(['run', 'planner', ...engineArgs, '--out', 'out'], io);
  if (!existsSync(join(dir, 'out', 'results.jsonl'))) throw new Error(`run failed (${code}): ${io.err()}`);
  return { code, results: resultsByCase(join(dir, 'out')) };
}

describe('skill-eval run: a mocked MCP server on the real claude binary', () => {
  let server: FakeModelServer;
  let dir: string;
  const tag = randomUUID();
  let code: number;
  let results: Map<string, CaseResult>;

  beforeAll(async () => {
    server = await startFakeModelServer({
      conversations: plannerConversations([
        // claude defers MCP tools: the model must load the tool through ToolSearch first.
        { toolCalls: [{ name: 'ToolSearch', input: { query: 'select:mcp__pm__create_plan' } }] },
        { toolCalls: [{ name: 'mcp__pm__create_plan', input: { name: 'Q1 release' } }] },
      ]),
    });
    dir = writePlannerSuite('skill-eval-mcp-e2e-');
    ({ code, results } = await runPlanner(
      dir,
      {
        PATH: process.env.PATH,
        ANTHROPIC_BASE_URL: server.url,
        ANTHROPIC_API_KEY: 'test-key-for-the-fake-server',
        SKILL_EVAL_E2E_TAG: tag,
      },
      ['--engine', 'claude-code', '--ek', `claude-code.path=${CLAUDE_BIN}`],
    ));
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('calls the MCP tool through ToolSearch and gets the canned response; tool_called on server::tool passes', () => {
    const result = results.get('create-plan')!;
    expect(result.error).toBeUndefined();
    expect(result.status).toBe('passed');
    expect(result.checks).toEqual([
      expect.objectContaining({ type: 'tool-called', passed: true, evidence: expect.stringContaining('Q1 release') }),
    ]);
    const transcript = JSON.parse(readFileSync(join(dir, 'out', result.transcriptFile!), 'utf8')) as Session;
    const calls = new Map(transcript.events.flatMap((e) => (e.type === 'tool-call' ? [[e.id, e.name] as const] : [])));
    const mcpResult = transcript.events.find((e) => e.type === 'tool-result' && calls.get(e.id) === 'pm::create_plan');
    expect(mcpResult).toMatchObject({ type: 'tool-result', output: PLANNER_CANNED, isError: false });
    expect([...calls.values()]).toEqual(['ToolSearch', 'pm::create_plan']);
    // The model saw the mock's answer as the tool result it asked for.
    const requests = server.requests.filter((r) => r.conversation === 'mcp');
    expect(JSON.stringify(requests.at(-1)!.body)).toContain(PLANNER_CANNED.replaceAll('"', '\\"'));
  });

  it('fails tool_called when the agent never calls the tool', () => {
    const result = results.get('not-called')!;
    expect(result.status).toBe('failed');
    expect(result.checks[0]).toMatchObject({ type: 'tool-called', passed: false, errored: false });
    expect(result.checks[0]!.evidence).toContain('"pm::create_plan" was not called');
  });

  it('exits 1 and leaves no MCP server or claude process behind', () => {
    expect(code).toBe(1);
    expect(processesWithEnv('SKILL_EVAL_E2E_TAG', tag)).toEqual([]);
  });
});

/** The agents that run the mocked tool without asking, each as it offers an MCP tool to the model. */
const UNATTENDED_AGENTS = [
  {
    engine: 'codex',
    how: 'pre-approved',
    // codex offers MCP tools in a namespace (mcp__<server>).
    call: {
      toolCalls: [{ name: 'create_plan', namespace: 'mcp__pm', input: { name: 'Q1 release' } }],
      usage: { input_tokens: 100, output_tokens: 10 },
    },
    env: {},
    settings: [`codex.path=${CODEX_BIN}`],
  },
  {
    engine: 'copilot',
    how: 'run under --allow-all',
    // copilot offers an MCP tool as <server>-<tool>.
    call: { toolCalls: [{ name: 'pm-create_plan', input: { name: 'Q1 release' } }] },
    // The package cache copilot's tests share (it unpacks 235 MB on first start).
    env: { XDG_CACHE_HOME: COPILOT_TEST_CACHE },
    settings: [`copilot.path=${COPILOT_BIN}`, 'copilot.provider=openai', 'copilot.model=gpt-4o'],
  },
];

describe.each(UNATTENDED_AGENTS)('skill-eval run: a mocked MCP server on the real $engine binary', (agent) => {
  let server: FakeModelServer;
  let dir: string;
  let results: Map<string, CaseResult>;

  beforeAll(async () => {
    server = await startFakeModelServer({ conversations: plannerConversations([agent.call]) });
    dir = writePlannerSuite(`skill-eval-mcp-${agent.engine}-e2e-`);
    const env = {
      PATH: process.env.PATH,
      OPENAI_BASE_URL: `${server.url}/v1`,
      OPENAI_API_KEY: 'test-key-for-the-fake-server',
      ...agent.env,
    };
    const settings = agent.settings.flatMap((setting) => ['--ek', setting]);
    ({ results } = await runPlanner(dir, env, ['--engine', agent.engine, ...settings]));
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(`calls the mocked tool (${agent.how}) and gets the canned response; tool_called passes`, () => {
    const result = results.get('create-plan')!;
    expect(result.error).toBeUndefined();
    expect(result.status).toBe('passed');
    expect(result.session?.toolCalls).toEqual([
      expect.objectContaining({
        name: 'pm::create_plan',
        input: { name: 'Q1 release' },
        output: PLANNER_CANNED,
        isError: false,
      }),
    ]);
    expect(results.get('not-called')!.status).toBe('failed');
  });
});
