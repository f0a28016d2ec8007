import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResolvedMcpServer } from '@skill-eval/core';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCopilotArgs, buildCopilotEnv, prepareCopilotHome } from './copilot-command.js';
import { copilotAuth, describeCopilotAuth } from './copilot-credentials.js';
import plugin from './index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'copilot-setup-'));
  dirs.push(dir);
  return dir;
}
function homeWithLogin(): string {
  const home = tempDir();
  mkdirSync(join(home, '.copilot'), { recursive: true });
  writeFileSync(join(home, '.copilot', 'config.json'), '{}');
  return home;
}

describe('copilotAuth', () => {
  it('takes a bring-your-own-key provider first, routed by the provider API’s own base URL variable', () => {
    const env = { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1/', OPENAI_API_KEY: 'o', GH_TOKEN: 'g' };
    expect(copilotAuth(env, undefined, { provider: 'openai' })).toEqual({
      type: 'byok',
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:9/v1',
      keyVariable: 'OPENAI_API_KEY',
    });
    // The user's own Copilot BYOK variables switch it on too, with Copilot's key variable first.
    const own = {
      COPILOT_PROVIDER_BASE_URL: 'http://h',
      COPILOT_PROVIDER_TYPE: 'Anthropic',
      COPILOT_PROVIDER_API_KEY: 'k',
    };
    expect(copilotAuth(own, undefined, {})).toEqual({
      type: 'byok',
      provider: 'anthropic',
      baseUrl: 'http://h',
      keyVariable: 'COPILOT_PROVIDER_API_KEY',
    });
    // A chosen provider without a key or an endpoint of the user's is no credential, and no fallback to a token.
    expect(copilotAuth({ GH_TOKEN: 'g' }, undefined, { provider: 'anthropic' })).toBeUndefined();
  });

  it('takes GitHub tokens in Copilot’s order, then the login of the user', () => {
    expect(copilotAuth({ GITHUB_TOKEN: 'a', GH_TOKEN: 'b' }, undefined, {})).toEqual({
      type: 'github-token',
      variable: 'GH_TOKEN',
    });
    const home = homeWithLogin();
    expect(copilotAuth({}, home, {})).toEqual({ type: 'login', configFile: join(home, '.copilot', 'config.json') });
    expect(copilotAuth({}, join(home, 'nowhere'), {})).toBeUndefined();
    expect(describeCopilotAuth({ type: 'github-token', variable: 'GH_TOKEN' })).toEqual({
      kind: 'GitHub token (Copilot)',
      variable: 'GH_TOKEN',
    });
  });

  it('stops a run with no credential before any case, naming every way to log in', () => {
    const engine = plugin.create(plugin.parseSettings({}));
    const missing = engine.missingSetup?.({ HOME: join(tempDir(), 'empty') });
    expect(missing).toContain('COPILOT_GITHUB_TOKEN');
    expect(missing).toContain('copilot login');
    expect(missing).toContain('COPILOT_PROVIDER_BASE_URL');
    expect(engine.missingSetup?.({ COPILOT_GITHUB_TOKEN: 't' })).toBeUndefined();
  });
});

describe('copilot environment and home', () => {
  it('hands the key over under Copilot’s variable, offline, and drops the GitHub tokens it does not use', () => {
    const env = buildCopilotEnv(
      {
        env: { PATH: '/bin', OPENAI_API_KEY: 'sk-x', GH_TOKEN: 'g', COPILOT_PROVIDER_HEADERS: 'a: b' },
        home: '/h',
        userHome: '/u',
      },
      { type: 'byok', provider: 'openai', baseUrl: 'http://e/v1', keyVariable: 'OPENAI_API_KEY' },
      'gpt-4o',
    );
    expect(env).toMatchObject({
      HOME: '/h',
      TMPDIR: '/h/.tmp',
      COPILOT_OFFLINE: 'true',
      COPILOT_PROVIDER_TYPE: 'openai',
      COPILOT_PROVIDER_BASE_URL: 'http://e/v1',
      COPILOT_PROVIDER_API_KEY: 'sk-x',
      COPILOT_MODEL: 'gpt-4o',
      COPILOT_AUTO_UPDATE: 'false',
      XDG_CACHE_HOME: '/u/.cache',
    });
    expect(env.GH_TOKEN).toBeUndefined();
    expect(env.COPILOT_PROVIDER_HEADERS).toBeUndefined();
    const token = buildCopilotEnv(
      { env: { GITHUB_TOKEN: 'g' }, home: '/h' },
      { type: 'github-token', variable: 'GITHUB_TOKEN' },
      undefined,
    );
    expect(token.COPILOT_GITHUB_TOKEN).toBe('g');
    expect(token.GITHUB_TOKEN).toBeUndefined();
    expect(token.COPILOT_OFFLINE).toBeUndefined();
  });

  it('holds exactly one credential, under the variable Copilot reads, whatever credentials it was handed', () => {
    const all = {
      PATH: '/bin',
      OPENAI_API_KEY: 'k-openai',
      ANTHROPIC_API_KEY: 'k-anthropic',
      COPILOT_GITHUB_TOKEN: 'k-copilot-gh',
      GH_TOKEN: 'k-gh',
      GITHUB_TOKEN: 'k-github',
      COPILOT_PROVIDER_API_KEY: 'k-provider',
      COPILOT_PROVIDER_BEARER_TOKEN: 'k-bearer',
    };
    const secrets = (env: Record<string, string>) => Object.values(env).filter((value) => value.startsWith('k-'));
    const cases: [Parameters<typeof buildCopilotEnv>[1], string, string][] = [
      [{ type: 'github-token', variable: 'GH_TOKEN' }, 'COPILOT_GITHUB_TOKEN', 'k-gh'],
      [
        { type: 'byok', provider: 'anthropic', baseUrl: 'http://e', keyVariable: 'ANTHROPIC_API_KEY' },
        'COPILOT_PROVIDER_API_KEY',
        'k-anthropic',
      ],
      [
        {
          type: 'byok',
          provider: 'openai',
          baseUrl: 'http://e/v1',
          keyVariable: 'COPILOT_PROVIDER_BEARER_TOKEN',
          bearer: true,
        },
        'COPILOT_PROVIDER_BEARER_TOKEN',
        'k-bearer',
      ],
    ];
    for (const [auth, variable, value] of cases) {
      const env = buildCopilotEnv({ env: all, home: '/h' }, auth, undefined);
      expect(secrets(env), variable).toEqual([value]);
      expect(env[variable]).toBe(value);
    }
    const login = buildCopilotEnv(
      { env: all, home: '/h' },
      { type: 'login', configFile: '/u/.copilot/config.json' },
      undefined,
    );
    expect(secrets(login)).toEqual([]);
    expect(login.PATH).toBe('/bin');
  });

  it("names only the chosen provider API's key when the provider setting chooses one", () => {
    const openai = plugin.create(plugin.parseSettings({ provider: 'openai' }));
    expect(openai.environment).toContain('OPENAI_API_KEY');
    expect(openai.environment).not.toContain('ANTHROPIC_API_KEY');
    const either = plugin.create(plugin.parseSettings({}));
    expect(either.environment).toEqual(expect.arrayContaining(['OPENAI_API_KEY', 'ANTHROPIC_API_KEY']));
  });

  it('disables the built-in skills but a staged one, writes the system prompt, links the login', async () => {
    const user = homeWithLogin();
    const home = tempDir();
    const configFile = join(user, '.copilot', 'config.json');
    await prepareCopilotHome(home, {
      auth: { type: 'login', configFile },
      stagedSkills: ['github-pr-media'],
      system: 'Be brief.',
    });
    const settings = JSON.parse(readFileSync(join(home, '.copilot', 'settings.json'), 'utf8'));
    expect(settings).toEqual({ disabledSkills: ['customize-cloud-agent'] });
    expect(readFileSync(join(home, '.copilot', 'copilot-instructions.md'), 'utf8')).toBe('Be brief.\n');
    expect(lstatSync(join(home, '.copilot', 'config.json')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(home, '.copilot', 'config.json'))).toBe(configFile);
    // The temp folder TMPDIR names is there before copilot starts.
    expect(lstatSync(join(home, '.tmp')).isDirectory()).toBe(true);
  });

  it('writes the case’s MCP servers into mcp-config.json of the HOME, for its user alone, and nothing through a link', async () => {
    const home = tempDir();
    const mcpServers: ResolvedMcpServer[] = [
      {
        name: 'fs.tools',
        transport: 'stdio',
        command: '/bin/srv',
        args: ['-v'],
        env: { T: 'x' },
        headers: {},
      },
      {
        name: 'web',
        transport: 'http',
        args: [],
        env: {},
        url: 'http://127.0.0.1:1/mcp',
        headers: { A: 'b' },
      },
    ];
    await prepareCopilotHome(home, {
      auth: { type: 'github-token', variable: 'GH_TOKEN' },
      stagedSkills: [],
      mcpServers,
    });
    const file = join(home, '.copilot', 'mcp-config.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      mcpServers: {
        'fs.tools': { type: 'stdio', command: '/bin/srv', args: ['-v'], env: { T: 'x' } },
        web: { type: 'http', url: 'http://127.0.0.1:1/mcp', headers: { A: 'b' } },
      },
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Without servers there is no file; a link where a file goes is refused, not written through.
    const bare = tempDir();
    await prepareCopilotHome(bare, { auth: { type: 'github-token', variable: 'GH_TOKEN' }, stagedSkills: [] });
    expect(existsSync(join(bare, '.copilot', 'mcp-config.json'))).toBe(false);
    const linked = tempDir();
    const target = join(tempDir(), 'elsewhere.json');
    mkdirSync(join(linked, '.copilot'));
    symlinkSync(target, join(linked, '.copilot', 'settings.json'));
    await expect(
      prepareCopilotHome(linked, { auth: { type: 'github-token', variable: 'GH_TOKEN' }, stagedSkills: [] }),
    ).rejects.toThrow();
    expect(existsSync(target)).toBe(false);
  });

  it('starts a session under an id, then resumes it', () => {
    expect(buildCopilotArgs({ sessionId: 's1', model: 'gpt-4o' })).toEqual([
      '--output-format',
      'json',
      '--allow-all',
      '--no-ask-user',
      '--no-auto-update',
      '--model=gpt-4o',
      '--session-id',
      's1',
    ]);
    expect(buildCopilotArgs({ sessionId: 's1', resume: true, usageFile: '/h/u.json' }).slice(5)).toEqual([
      '--resume',
      's1',
      '--usage-output-file',
      '/h/u.json',
    ]);
  });

  it('gives the model in one word with its option, so a model starting with a dash is never an option', () => {
    const args = buildCopilotArgs({ model: '--allow-all-urls' });
    expect(args).toContain('--model=--allow-all-urls');
    expect(args).not.toContain('--allow-all-urls');
  });
});
