import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Engine } from '@skill-eval/core';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/model-server';
import { expect } from 'vitest';
import { asSession } from './as-session.js';

/** What differs between API engines in the MCP round trip. */
export interface McpRoundTripOptions {
  /** The engine under test, created with the model it should ask for. */
  engine: Engine;
  /** Base environment of the run: a fake key and the base URL pointing at `server`. */
  env(server: FakeModelServer): Record<string, string>;
  /** Request-body field holding the conversation (`messages` for Messages/Chat, `input` for Responses). */
  historyField: string;
  /** A stdio MCP server answering canned responses from the spec file given as its argument (the runner's mock). */
  mcpServerScript: string;
}

/**
 * Runs one case whose model calls the MCP tool `pm__create_plan` and asserts the engine offered the tool under that
 * name, ran it on the MCP server, sent its output back and reported it as `pm::create_plan`.
 */
export async function expectMcpRoundTrip(options: McpRoundTripOptions): Promise<void> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'mcp-round-trip-')));
  const server = await startFakeModelServer({
    conversations: [
      {
        id: 'mcp',
        match: { user: 'Plan it', tools: true },
        responses: [{ toolCalls: [{ name: 'pm__create_plan', input: { name: 'Q1' } }] }, { text: 'Planned.' }],
      },
    ],
  });
  try {
    const workspace = join(root, 'workspace');
    await mkdir(workspace);
    const spec = join(root, 'pm.json');
    await writeFile(
      spec,
      JSON.stringify({ name: 'pm', tools: [{ name: 'create_plan', response: 'plan {{params.name}}' }] }),
    );
    expect(options.engine.capabilities?.mcp).toBe(true);
    const returned = await options.engine.run({
      executionId: 'x1',
      workspace,
      home: root,
      skills: [],
      turns: ['Plan it'],
      timeoutMs: 20_000,
      signal: new AbortController().signal,
      env: { ...options.env(server), PATH: process.env.PATH ?? '' },
      artifactsDir: join(root, 'artifacts'),
      mcpServers: [
        {
          name: 'pm',
          transport: 'stdio',
          command: process.execPath,
          args: [options.mcpServerScript, spec],
          env: {},
          headers: {},
        },
      ],
    });
    const session = asSession(returned, options.engine.id);
    expect(session.status).toBe('completed');
    const [first, second] = server.requests.map(
      (r) => r.body as Record<string, unknown> & { tools: { name: string }[] },
    );
    expect(first!.tools.map((t) => t.name)).toContain('pm__create_plan');
    expect(JSON.stringify(second![options.historyField])).toContain('plan Q1');
    expect(session.toolCalls).toEqual([
      { id: expect.any(String), name: 'pm::create_plan', input: { name: 'Q1' }, output: 'plan Q1', isError: false },
    ]);
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
}
