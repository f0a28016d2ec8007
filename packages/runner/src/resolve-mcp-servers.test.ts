// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references are the data under test.
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpServerSchema } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expandEnvRefs, MOCK_MCP_SERVER_SCRIPT, resolveMcpServers } from './resolve-mcp-servers.js';
import { runSuites } from './run-suites.js';
import { completed, fakeEngine } from './test-support/fake-engine.js';
import { makeCase, makeSuite, tempDir } from './test-support/fixtures.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir('resolve-mcp-'));
});
afterEach(() => cleanup());

const mocked = McpServerSchema.parse({
  name: 'pm',
  transport: 'stdio',
  mock: { tools: [{ name: 'create_plan', response: { id: 7 } }] },
});

describe('expandEnvRefs', () => {
  const env = { TOKEN: 'secret', HOST: 'example.test', EMPTY: '' };
  it.each([
    ['https://${HOST}/mcp?t=${TOKEN}', 'https://example.test/mcp?t=secret'],
    ['$TOKEN', 'secret'],
    ['Bearer ${TOKEN}', 'Bearer secret'],
    ['no refs, $ alone', 'no refs, $ alone'],
  ])('%s → %s', (value, expected) => {
    expect(expandEnvRefs(value, env, 'x')).toBe(expected);
  });
  it.each(['${MISSING}', '$MISSING', '${EMPTY}'])('%s is an error naming the variable', (value) => {
    expect(() => expandEnvRefs(value, env, 'MCP server "gh" url')).toThrow(
      /MCP server "gh" url refers to the environment variable (MISSING|EMPTY), which is not set/,
    );
  });
});

describe('resolveMcpServers', () => {
  it('turns a mock into a stdio command on a JSON file and fills references of real servers', async () => {
    const real = McpServerSchema.parse({
      name: 'gh',
      transport: 'http',
      url: 'https://${HOST}/mcp',
      headers: { Authorization: 'Bearer ${TOKEN}' },
    });
    const stdio = McpServerSchema.parse({ name: 'py', transport: 'stdio', command: 'python3', env: { K: '$TOKEN' } });
    const [mock, http, local] = await resolveMcpServers([mocked, real, stdio], {
      dir,
      workspace: '/ws',
      env: { HOST: 'example.test', TOKEN: 't0k' },
      trust: true,
      modelKeys: ['ANTHROPIC_API_KEY'],
    });
    expect(mock).toEqual({
      name: 'pm',
      transport: 'stdio',
      command: process.execPath,
      args: [MOCK_MCP_SERVER_SCRIPT, expect.stringContaining(dir)],
      env: {},
      headers: {},
    });
    expect(JSON.parse(await readFile(mock!.args[1]!, 'utf8'))).toEqual({
      name: 'pm',
      tools: [{ name: 'create_plan', response: { id: 7 } }],
      root: '/ws',
    });
    expect(http).toEqual({
      name: 'gh',
      transport: 'http',
      url: 'https://example.test/mcp',
      args: [],
      env: {},
      headers: { Authorization: 'Bearer t0k' },
    });
    expect(local).toMatchObject({ command: 'python3', env: { K: 't0k' } });
  });

  it('writes a mock definition where a setup step may have run without following a link it left', async () => {
    const host = join(dir, 'host');
    await mkdir(host);
    await writeFile(join(host, 'kept.json'), 'host file');
    const options = { workspace: '/ws', env: {}, trust: false, modelKeys: [] };
    // A link at the definition's own name is replaced by the definition.
    await mkdir(join(dir, 'mcp'));
    await symlink(join(host, 'kept.json'), join(dir, 'mcp', 'mcp-mock-0-pm.json'));
    const [mock] = await resolveMcpServers([mocked], { ...options, dir: join(dir, 'mcp') });
    expect(JSON.parse(await readFile(mock!.args[1]!, 'utf8')).name).toBe('pm');
    // A link in place of the folder is refused.
    await symlink(host, join(dir, 'linked'));
    await expect(resolveMcpServers([mocked], { ...options, dir: join(dir, 'linked') })).rejects.toThrow(
      /symbolic link/,
    );
    expect(await readdir(host)).toEqual(['kept.json']);
    expect(await readFile(join(host, 'kept.json'), 'utf8')).toBe('host file');
  });

  it('refuses a stdio server without a command and an http server without a url', async () => {
    const opts = { dir, workspace: '/ws', env: {}, trust: true, modelKeys: [] };
    await expect(resolveMcpServers([McpServerSchema.parse({ name: 'a', transport: 'stdio' })], opts)).rejects.toThrow(
      'names no command',
    );
    await expect(resolveMcpServers([McpServerSchema.parse({ name: 'b', transport: 'http' })], opts)).rejects.toThrow(
      'names no url',
    );
  });
});

describe('resolveMcpServers without --trust, and model keys', () => {
  const stdio = McpServerSchema.parse({ name: 'py', transport: 'stdio', command: 'python3', args: ['srv.py'] });
  const http = (field: 'url' | 'header' | 'env', ref: string) =>
    McpServerSchema.parse({
      name: 'gh',
      transport: 'http',
      url: field === 'url' ? `https://example.test/?k=${ref}` : 'https://example.test/',
      headers: field === 'header' ? { Authorization: `Bearer ${ref}` } : {},
      env: field === 'env' ? { K: ref } : {},
    });
  const env = { ANTHROPIC_API_KEY: 'sk-ant-secret', OPENAI_API_KEY: 'sk-oa', GH_TOKEN: 'ghp' };

  it('refuses a real server without --trust, naming what it would start; a mocked one is ours and allowed', async () => {
    const opts = { dir, workspace: '/ws', env, trust: false, modelKeys: [] };
    await expect(resolveMcpServers([stdio], opts)).rejects.toMatchObject({
      code: 'UNTRUSTED',
      message: expect.stringContaining('starts `python3 srv.py`, which runs only with --trust'),
    });
    await expect(resolveMcpServers([http('url', '${GH_TOKEN}')], opts)).rejects.toMatchObject({ code: 'UNTRUSTED' });
    await expect(resolveMcpServers([mocked], opts)).resolves.toHaveLength(1);
  });

  it.each(['url', 'header', 'env'] as const)(
    'never fills a model key into the %s, even with --trust',
    async (field) => {
      const opts = { dir, workspace: '/ws', env, trust: true, modelKeys: ['ANTHROPIC_API_KEY', 'MY_KEY_VAR'] };
      for (const ref of ['${ANTHROPIC_API_KEY}', '${MY_KEY_VAR}']) {
        await expect(resolveMcpServers([http(field, ref)], opts)).rejects.toMatchObject({
          code: 'UNTRUSTED',
          message: expect.stringContaining(`refers to ${ref}, a key the run's models use`),
        });
      }
      // Another variable is the user's to hand over, with --trust.
      const [filled] = await resolveMcpServers([http(field, '${GH_TOKEN}')], opts);
      expect(JSON.stringify(filled)).toContain('ghp');
      expect(JSON.stringify(filled)).not.toContain('sk-ant-secret');
    },
  );
});

describe('runSuites with MCP servers', () => {
  const run = async (engine: ReturnType<typeof fakeEngine>['engine'], env: Record<string, string> = {}) =>
    runSuites({
      suites: [
        makeSuite('mcp/eval.yaml', [
          makeCase({ id: 'mcp', mcpServers: [mocked], checks: [{ type: 'tool-called', value: 'pm::create_plan' }] }),
        ]),
      ],
      engines: [{ id: engine.id, engine }],
      outDir: join(dir, 'out'),
      env: { PATH: process.env.PATH, ...env },
      tempDir: join(dir, 'tmp'),
    });

  it('is an error naming the engine when the engine cannot install MCP servers', async () => {
    const { engine, stats } = fakeEngine(async () => completed('done'));
    const { results } = await run(engine);
    expect(stats.inputs).toHaveLength(0);
    expect(results[0]).toMatchObject({ status: 'error', error: { code: 'BAD_INPUT' } });
    expect(results[0]!.error!.message).toMatch(/needs MCP servers \(pm\).*engine fake cannot install MCP servers/);
  });

  it('hands an MCP engine runnable servers: the mock answers, and tool-called grades the call', async () => {
    const { engine, stats } = fakeEngine(async (input) => {
      const server = input.mcpServers![0]!;
      const client = new Client({ name: 'fake-engine', version: '1.0.0' });
      await client.connect(new StdioClientTransport({ command: server.command!, args: server.args }));
      try {
        const result = await client.callTool({ name: 'create_plan', arguments: { name: 'Q1' } });
        const output = (result.content as { text: string }[])[0]!.text;
        return {
          ...completed('planned'),
          events: [
            { type: 'tool-call', id: 'c1', name: 'pm::create_plan', input: { name: 'Q1' } },
            { type: 'tool-result', id: 'c1', output, isError: false },
          ],
          toolCalls: [{ id: 'c1', name: 'pm::create_plan', input: { name: 'Q1' }, output, isError: false }],
        };
      } finally {
        await client.close();
      }
    });
    Object.assign(engine, { capabilities: { mcp: true } });
    const { results } = await run(engine);
    expect(stats.inputs[0]!.mcpServers).toHaveLength(1);
    expect(results[0]).toMatchObject({ status: 'passed' });
    expect(results[0]!.session!.toolCalls[0]!.output).toBe('{"id":7}');
  }, 20_000);

  it('never starts the engine for a real server without --trust: the execution is an UNTRUSTED error', async () => {
    const { engine, stats } = fakeEngine(async () => completed('done'));
    Object.assign(engine, { capabilities: { mcp: true } });
    const real = McpServerSchema.parse({ name: 'py', transport: 'stdio', command: 'python3' });
    const { results } = await runSuites({
      suites: [makeSuite('mcp/eval.yaml', [makeCase({ id: 'real', mcpServers: [real] })])],
      engines: [{ id: engine.id, engine }],
      outDir: join(dir, 'out'),
      env: { PATH: process.env.PATH },
      tempDir: join(dir, 'tmp'),
    });
    expect(stats.inputs).toHaveLength(0);
    expect(results[0]).toMatchObject({ status: 'error', error: { code: 'UNTRUSTED' } });
  });
});
