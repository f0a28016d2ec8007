import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildOpencodeArgs, buildOpencodeEnv, projectInstructions } from './opencode-command.js';
import { opencodeConfig, providerEndpoints } from './opencode-config.js';
import { opencodeAuth } from './opencode-credentials.js';
import { pastStepLimit } from './opencode-engine.js';
import { normalizeOpencodeToolName } from './opencode-mcp.js';

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});
function homeWithLogin(): string {
  const home = mkdtempSync(join(tmpdir(), 'opencode-home-'));
  homes.push(home);
  mkdirSync(join(home, '.local', 'share', 'opencode'), { recursive: true });
  writeFileSync(join(home, '.local', 'share', 'opencode', 'auth.json'), '{}');
  return home;
}

describe('opencodeAuth', () => {
  it("takes the key of the model's provider, not another provider's", () => {
    const env = { ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o' };
    expect(opencodeAuth(env, undefined, 'openai/gpt-5')).toEqual({
      type: 'api-key',
      provider: 'openai',
      variable: 'OPENAI_API_KEY',
    });
    expect(opencodeAuth({ OPENAI_API_KEY: 'o' }, undefined, 'anthropic/claude-sonnet-4-5')).toBeUndefined();
  });

  it('falls back to the opencode login file of the user', () => {
    const home = homeWithLogin();
    expect(opencodeAuth({}, home, 'anthropic/claude-sonnet-4-5')).toEqual({
      type: 'login',
      authFile: join(home, '.local', 'share', 'opencode', 'auth.json'),
    });
    expect(opencodeAuth({}, join(home, 'nowhere'))).toBeUndefined();
  });
});

describe('opencode config', () => {
  it("gives @ai-sdk/anthropic its /v1 and the baseUrl setting to the model's provider", () => {
    expect(providerEndpoints({ ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/' }, {}, 'anthropic')).toEqual({
      anthropic: 'http://127.0.0.1:9/v1',
    });
    expect(providerEndpoints({ OPENAI_BASE_URL: 'http://h/v1' }, { baseUrl: 'http://other/v1' }, 'openai')).toEqual({
      openai: 'http://other/v1',
    });
  });

  it('allows every permission but the built-in skill, unless a staged skill has its name', () => {
    const config = opencodeConfig({ endpoints: {}, stagedSkills: ['pdf'] });
    expect(config.permission).toEqual({ '*': 'allow', skill: { '*': 'allow', 'customize-opencode': 'deny' } });
    expect(config.provider).toBeUndefined();
    const staged = opencodeConfig({ endpoints: {}, stagedSkills: ['customize-opencode'] });
    expect(staged.permission).toEqual({ '*': 'allow', skill: { '*': 'allow' } });
  });

  it("installs the case's MCP servers: stdio as local commands, http as remote without OAuth", () => {
    const config = opencodeConfig({
      endpoints: {},
      stagedSkills: [],
      mcpServers: [
        {
          name: 'fs',
          transport: 'stdio',
          command: '/bin/node',
          args: ['srv.mjs', '--x'],
          env: { K: 'v' },
          headers: {},
        },
        { name: 'api', transport: 'http', url: 'http://127.0.0.1:9/mcp', args: [], env: {}, headers: { A: 'b' } },
      ],
    });
    expect(config.mcp).toEqual({
      fs: { type: 'local', command: ['/bin/node', 'srv.mjs', '--x'], environment: { K: 'v' }, enabled: true },
      api: { type: 'remote', url: 'http://127.0.0.1:9/mcp', headers: { A: 'b' }, oauth: false, enabled: true },
    });
    expect(opencodeConfig({ endpoints: {}, stagedSkills: [], mcpServers: [] }).mcp).toBeUndefined();
  });

  it('gives maxTurns as the steps of the build agent, the one opencode run runs, and nothing without it', () => {
    expect(opencodeConfig({ endpoints: {}, stagedSkills: [], maxTurns: 3 }).agent).toEqual({ build: { steps: 3 } });
    expect(opencodeConfig({ endpoints: {}, stagedSkills: [] }).agent).toBeUndefined();
  });

  it('continues a session by its id', () => {
    expect(buildOpencodeArgs({ model: 'anthropic/m', sessionId: 'ses_1' })).toEqual([
      'run',
      '--format',
      'json',
      '--auto',
      '--model=anthropic/m',
      '--session',
      'ses_1',
    ]);
  });

  it("gives the model in one word with its option: opencode's yargs read a separate --attach=… as its own option", () => {
    const args = buildOpencodeArgs({ model: '--attach=http://127.0.0.1:47801' });
    expect(args).toEqual(['run', '--format', 'json', '--auto', '--model=--attach=http://127.0.0.1:47801']);
    expect(args.filter((arg) => arg.startsWith('--attach'))).toEqual([]);
  });
});

describe('MCP tool names', () => {
  it('reads <server>_<tool> of the given servers, spelled as opencode sanitizes them, the longest server first', () => {
    expect(normalizeOpencodeToolName('echo_echo', ['echo'])).toBe('echo::echo');
    expect(normalizeOpencodeToolName('my_srv_get_x', ['my', 'my_srv'])).toBe('my_srv::get_x');
    expect(normalizeOpencodeToolName('my_docs_find', ['my docs'])).toBe('my docs::find');
    expect(normalizeOpencodeToolName('echo_', ['echo'])).toBe('echo_');
    expect(normalizeOpencodeToolName('bash', ['echo'])).toBe('bash');
    expect(normalizeOpencodeToolName('other_tool', ['echo'])).toBe('other_tool');
  });
});

describe('pastStepLimit', () => {
  it('lets a turn use maxTurns model requests; one more is max-turns', () => {
    expect(pastStepLimit(5, undefined)).toBeUndefined();
    expect(pastStepLimit(2, 2)).toBeUndefined();
    expect(pastStepLimit(3, 2)).toMatchObject({ status: 'max-turns', code: 'MAX_TURNS' });
  });
});

describe('the project config opencode reads', () => {
  it('is the workspace’s alone: the search above it off, its .opencode, opencode.json(c) and instructions named, the endpoints merged last', () => {
    const ws = mkdtempSync(join(tmpdir(), 'opencode-project-'));
    try {
      const input = {
        env: { OPENCODE_CONFIG_DIR: '/tmp/.opencode', OPENCODE_CONFIG: '/tmp/x.json' },
        home: '/h',
        workspace: ws,
      };
      expect(buildOpencodeEnv(input)).toMatchObject({
        OPENCODE_DISABLE_PROJECT_CONFIG: 'true',
        OPENCODE_CONFIG_DIR: '',
        OPENCODE_CONFIG: '',
        OPENCODE_CONFIG_CONTENT: '',
      });
      expect(projectInstructions(ws)).toEqual([join(ws, 'AGENTS.md')]);
      mkdirSync(join(ws, '.opencode'));
      writeFileSync(join(ws, 'opencode.json'), '{}');
      writeFileSync(join(ws, 'CLAUDE.md'), 'x');
      const env = buildOpencodeEnv(input, { anthropic: 'http://127.0.0.1:1/v1' });
      expect(env).toMatchObject({
        OPENCODE_CONFIG_DIR: join(ws, '.opencode'),
        OPENCODE_CONFIG: join(ws, 'opencode.json'),
      });
      expect(JSON.parse(env.OPENCODE_CONFIG_CONTENT!)).toEqual({
        provider: { anthropic: { options: { baseURL: 'http://127.0.0.1:1/v1' } } },
      });
      expect(projectInstructions(ws)).toEqual([join(ws, 'CLAUDE.md')]);
      expect(
        opencodeConfig({ endpoints: {}, stagedSkills: [], instructions: [join(ws, 'CLAUDE.md')] }).instructions,
      ).toEqual([join(ws, 'CLAUDE.md')]);
    } finally {
      rmSync(ws, { recursive: true, force: true });
    }
  });
});
