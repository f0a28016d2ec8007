import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MOCK_MCP_SERVER_SCRIPT } from './resolve-mcp-servers.js';
import { tempDir } from './test-support/fixtures.js';

let dir: string;
let cleanup: () => Promise<void>;
let client: Client | undefined;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir('mock-mcp-'));
});
afterEach(async () => {
  await client?.close(); // closes stdin and kills the server process
  client = undefined;
  await cleanup();
});

/** Starts the mock server on `spec` and connects the SDK client to it. */
async function connect(spec: unknown): Promise<Client> {
  const file = join(dir, 'mock.json');
  await writeFile(file, JSON.stringify(spec));
  client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [MOCK_MCP_SERVER_SCRIPT, file], stderr: 'pipe' }),
  );
  return client;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result.content as { type: string; text: string }[]).map((block) => block.text).join('\n');

describe('mock MCP server', () => {
  it("checks a tool's input against its guards first, as Claude Code's expect: does", async () => {
    const guards = {
      project: 'string',
      state: ['open', 'closed'],
      filter: { limit: '10', strict: 'bool' },
      'tags.0': 'urgent',
    };
    const mcp = await connect({
      name: 't',
      tools: [{ name: 'list', response: 'ok {{params.project}}', expect: guards }],
    });
    const call = async (args: Record<string, unknown>) => {
      const result = await mcp.callTool({ name: 'list', arguments: args });
      return [textOf(result), result.isError ?? false];
    };
    const good = { project: 'web', state: 'open', filter: { limit: 10, strict: false }, tags: ['urgent'] };
    expect(await call(good)).toEqual(['ok web', false]);
    // Each broken guard, named as Claude Code names it (the first one broken).
    const broken: [Record<string, unknown>, string][] = [
      [{ ...good, project: 5 }, 'project = 5 is not a string'],
      [{ ...good, state: 'done' }, 'state = "done" is not one of [open, closed]'],
      [{ ...good, filter: { limit: 11, strict: false } }, 'filter.limit = 11 is not "10"'],
      [{ ...good, filter: { limit: 10 } }, 'filter.strict = (missing) is not a bool'],
      [{ ...good, tags: ['later', 'urgent'] }, 'tags.0 = "later" is not "urgent"'],
    ];
    for (const [args, why] of broken) {
      expect(await call(args)).toEqual([`the model's call violates expect: ${why}`, true]);
    }
  });

  it('lists its tools and answers each with its canned response, placeholders filled', async () => {
    const mcp = await connect({
      name: 'project-mgmt',
      tools: [
        {
          name: 'create_plan',
          description: 'Creates a plan',
          inputSchema: { type: 'object', properties: { name: { type: 'string' } } },
          response: { id: 999, name: '{{params.name}}', owner: "{{ params.owner | default: 'nobody' }}" },
        },
        { name: 'ping', response: 'pong' },
        { name: 'fail', response: 'Project {{params.name}} is archived.', error: true },
      ],
    });
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => [t.name, t.description])).toEqual([
      ['create_plan', 'Creates a plan'],
      ['ping', 'Mocked MCP tool ping'],
      ['fail', 'Mocked MCP tool fail'],
    ]);
    expect(tools[0]!.inputSchema).toMatchObject({ properties: { name: { type: 'string' } } });
    const plan = await mcp.callTool({ name: 'create_plan', arguments: { name: 'Q1 release' } });
    expect(JSON.parse(textOf(plan))).toEqual({ id: 999, name: 'Q1 release', owner: 'nobody' });
    const pong = await mcp.callTool({ name: 'ping', arguments: {} });
    expect([textOf(pong), pong.isError]).toEqual(['pong', undefined]);
    // A tool marked error answers its text as a tool error.
    const failed = await mcp.callTool({ name: 'fail', arguments: { name: 'web' } });
    expect([textOf(failed), failed.isError]).toEqual(['Project web is archived.', true]);
    const unknown = await mcp.callTool({ name: 'nope', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('unknown mocked tool nope');
  }, 20_000);

  it('has a filesystem built-in confined to its root', async () => {
    const root = join(dir, 'ws');
    await mkdir(join(root, 'sub'), { recursive: true });
    await writeFile(join(root, 'a.txt'), 'alpha');
    await symlink('/etc', join(root, 'out'));
    const mcp = await connect({ name: 'filesystem', tools: [], builtin: 'filesystem', root });
    expect((await mcp.listTools()).tools.map((t) => t.name).sort()).toEqual([
      'list_directory',
      'read_file',
      'write_file',
    ]);
    expect(textOf(await mcp.callTool({ name: 'list_directory', arguments: { path: '.' } }))).toBe('a.txt\nsub/');
    expect(textOf(await mcp.callTool({ name: 'read_file', arguments: { path: 'a.txt' } }))).toBe('alpha');
    await mcp.callTool({ name: 'write_file', arguments: { path: 'sub/b.txt', content: 'beta' } });
    expect(await readFile(join(root, 'sub/b.txt'), 'utf8')).toBe('beta');
    for (const path of ['../escape.txt', 'out/passwd']) {
      const refused = await mcp.callTool({ name: 'read_file', arguments: { path } });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('outside the workspace');
    }
  }, 20_000);
});
