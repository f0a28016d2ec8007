import { lstatSync, mkdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox } from '@skill-eval/engine-kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { parseGeminiCliSettings } from './gemini-cli-settings.js';
import {
  buildGeminiArgs,
  buildGeminiEnv,
  FENCE_ENV_TEXT,
  fenceGeminiEnvFile,
  geminiPrompt,
  geminiUserSettings,
  PROMPT_ON_ARGV_MAX_BYTES,
  prepareGeminiHome,
} from './gemini-command.js';
import { describeGeminiAuth, geminiAuth } from './gemini-credentials.js';
import { normalizeGeminiToolName } from './gemini-mcp.js';

let sandbox: ReturnType<typeof makeSandbox> | undefined;
afterEach(() => sandbox?.cleanup());

describe('buildGeminiArgs', () => {
  it('runs headless with stream-json, the approval mode, the model, and the session to start or resume', () => {
    expect(buildGeminiArgs({ turn: { kind: 'single' }, approvalMode: 'yolo' })).toEqual([
      '--output-format',
      'stream-json',
      '--approval-mode',
      'yolo',
    ]);
    expect(
      buildGeminiArgs({ turn: { kind: 'first', sessionId: 's1' }, approvalMode: 'yolo', model: 'gemini-2.5-pro' }),
    ).toEqual([
      '--output-format',
      'stream-json',
      '--approval-mode',
      'yolo',
      '--model=gemini-2.5-pro',
      '--session-id',
      's1',
    ]);
    expect(
      buildGeminiArgs({ turn: { kind: 'resume', sessionId: 's1' }, approvalMode: 'plan', extraArgs: ['--debug'] }),
    ).toEqual(['--output-format', 'stream-json', '--approval-mode', 'plan', '--resume', 's1', '--debug']);
  });

  it('gives the model in one word with its option: yargs would read a separate "--yolo" as an option', () => {
    const args = buildGeminiArgs({ turn: { kind: 'single' }, approvalMode: 'default', model: '--yolo' });
    expect(args).toContain('--model=--yolo');
    expect(args).not.toContain('--yolo');
  });
});

describe('geminiPrompt', () => {
  it('puts the prompt on argv as one --prompt= argument, and only one too long for argv on stdin', () => {
    expect(geminiPrompt('--help me, "quoted"\nsecond line')).toEqual({
      args: ['--prompt=--help me, "quoted"\nsecond line'],
    });
    const longest = 'é'.repeat(PROMPT_ON_ARGV_MAX_BYTES / 2);
    expect(geminiPrompt(longest).stdin).toBeUndefined();
    expect(geminiPrompt(`${longest}x`)).toEqual({ args: [], stdin: `${longest}x` });
  });
});

describe('geminiUserSettings', () => {
  it('selects the auth type, one attempt, no statistics, no workspace .env, bundled skills off, the turn limit', () => {
    const settings = geminiUserSettings({
      auth: { type: 'gemini-api-key', variable: 'GEMINI_API_KEY' },
      maxTurns: 7,
      stagedSkills: ['pdf'],
    });
    expect(settings).toEqual({
      security: { auth: { selectedType: 'gemini-api-key' } },
      general: { maxAttempts: 1, enableAutoUpdate: false, enableAutoUpdateNotification: false },
      privacy: { usageStatisticsEnabled: false },
      advanced: { ignoreLocalEnv: true },
      skills: { disabled: ['skill-creator', 'antigravity-support'] },
      model: { maxSessionTurns: 7 },
    });
  });

  it('keeps a staged skill on that shares a bundled skill’s name, and sets no turn limit unless asked', () => {
    const settings = geminiUserSettings({
      auth: { type: 'vertex-ai', variable: 'GOOGLE_API_KEY' },
      stagedSkills: ['skill-creator'],
    });
    expect(settings.skills).toEqual({ disabled: ['antigravity-support'] });
    expect(settings).not.toHaveProperty('model');
  });
});

describe('prepareGeminiHome', () => {
  it('writes the settings and the system prompt, and links the user’s Google login without copying it', async () => {
    sandbox = makeSandbox('gemini-home-');
    const creds = join(sandbox.root, 'user', '.gemini', 'oauth_creds.json');
    mkdirSync(join(sandbox.root, 'user', '.gemini'), { recursive: true });
    writeFileSync(creds, '{"refresh_token":"user-login"}');
    await prepareGeminiHome(sandbox.home, {
      auth: { type: 'oauth-personal', credsFile: creds },
      stagedSkills: [],
      system: 'Be brief.',
    });
    const dir = join(sandbox.home, '.gemini');
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).security.auth.selectedType).toBe(
      'oauth-personal',
    );
    expect(readFileSync(join(dir, 'GEMINI.md'), 'utf8')).toBe('Be brief.\n');
    expect(lstatSync(join(dir, 'oauth_creds.json')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'oauth_creds.json'))).toBe(creds);
    expect(lstatSync(join(sandbox.home, '.tmp')).isDirectory()).toBe(true);
  });
});

describe('buildGeminiEnv', () => {
  it('keeps gemini to one process with HOME and TMPDIR in the execution’s HOME, and the baseUrl setting', () => {
    const env = buildGeminiEnv(
      { env: { PATH: '/bin', GEMINI_API_KEY: 'k', HOME: '/user' }, home: '/run/home' },
      { baseUrl: 'http://127.0.0.1:9' },
      { type: 'gemini-api-key', variable: 'GEMINI_API_KEY' },
    );
    expect(env).toEqual({
      PATH: '/bin',
      GEMINI_API_KEY: 'k',
      HOME: '/run/home',
      TMPDIR: '/run/home/.tmp',
      GEMINI_CLI_NO_RELAUNCH: 'true',
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
      GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:9',
    });
  });

  it('points Vertex AI without a key at the gcloud login of the user’s HOME', () => {
    sandbox = makeSandbox('gemini-env-');
    const gcloud = join(sandbox.root, '.config', 'gcloud');
    mkdirSync(gcloud, { recursive: true });
    const env = buildGeminiEnv(
      { env: { GOOGLE_GENAI_USE_VERTEXAI: 'true' }, home: '/run/home', userHome: sandbox.root },
      {},
      { type: 'vertex-ai', variable: 'GOOGLE_GENAI_USE_VERTEXAI' },
    );
    expect(env.CLOUDSDK_CONFIG).toBe(gcloud);
  });
});

describe('geminiAuth', () => {
  it('follows gemini’s order: Vertex AI when switched on, then the Gemini API key, then the Google login', () => {
    sandbox = makeSandbox('gemini-auth-');
    const home = sandbox.root;
    expect(geminiAuth({}, home)).toBeUndefined();
    // GOOGLE_API_KEY alone is Vertex AI's key, which gemini-api-key does not read.
    expect(geminiAuth({ GOOGLE_API_KEY: 'g' }, home)).toBeUndefined();
    expect(geminiAuth({ GEMINI_API_KEY: 'k', GOOGLE_API_KEY: 'g' }, home)).toEqual({
      type: 'gemini-api-key',
      variable: 'GEMINI_API_KEY',
    });
    expect(geminiAuth({ GEMINI_API_KEY: 'k', GOOGLE_API_KEY: 'g', GOOGLE_GENAI_USE_VERTEXAI: 'true' }, home)).toEqual({
      type: 'vertex-ai',
      variable: 'GOOGLE_API_KEY',
    });
    const project = {
      GOOGLE_GENAI_USE_VERTEXAI: 'true',
      GOOGLE_CLOUD_PROJECT: 'p',
      GOOGLE_CLOUD_LOCATION: 'us-central1',
    };
    expect(describeGeminiAuth(geminiAuth(project, home)!)).toEqual({
      kind: 'Vertex AI (Google Cloud credentials)',
      variable: 'GOOGLE_GENAI_USE_VERTEXAI',
    });
    mkdirSync(join(home, '.gemini'));
    writeFileSync(join(home, '.gemini', 'oauth_creds.json'), '{}');
    expect(geminiAuth({}, home)).toEqual({
      type: 'oauth-personal',
      credsFile: join(home, '.gemini', 'oauth_creds.json'),
    });
  });
});

describe('parseGeminiCliSettings', () => {
  it('defaults to yolo and names the engine and the setting in a bad value', () => {
    expect(parseGeminiCliSettings({}).approvalMode).toBe('yolo');
    expect(() => parseGeminiCliSettings({ approvalMode: 'bypass' })).toThrow(/gemini-cli.*approvalMode/s);
  });
});

describe('MCP servers', () => {
  it('go into the settings as gemini’s mcpServers, trusted, stdio by command and http by httpUrl', () => {
    const settings = geminiUserSettings({
      auth: { type: 'gemini-api-key', variable: 'GEMINI_API_KEY' },
      stagedSkills: [],
      mcpServers: [
        { name: 'pm', transport: 'stdio', command: 'node', args: ['s.js'], env: { T: '1' }, headers: {} },
        { name: 'web', transport: 'http', url: 'http://127.0.0.1:1/mcp', args: [], env: {}, headers: { A: 'b' } },
      ],
    });
    expect(settings.mcpServers).toEqual({
      pm: { command: 'node', args: ['s.js'], env: { T: '1' }, trust: true },
      web: { httpUrl: 'http://127.0.0.1:1/mcp', headers: { A: 'b' }, trust: true },
    });
  });

  it('name a call server::tool for the servers handed over, the longest name first, and leave others alone', () => {
    expect(normalizeGeminiToolName('mcp_pm_create_plan', ['pm'])).toBe('pm::create_plan');
    expect(normalizeGeminiToolName('mcp_my_pm_plan', ['my', 'my_pm'])).toBe('my_pm::plan');
    expect(normalizeGeminiToolName('mcp_my.pm_plan', ['my pm', 'my.pm'])).toBe('my.pm::plan');
    expect(normalizeGeminiToolName('mcp_other_tool', ['pm'])).toBe('mcp_other_tool');
    expect(normalizeGeminiToolName('read_file', ['pm'])).toBe('read_file');
  });
});

describe('fenceGeminiEnvFile', () => {
  it('writes an empty .gemini/.env into a workspace that has none, and leaves one that is there alone', async () => {
    sandbox = makeSandbox('gemini-fence-');
    const file = join(sandbox.workspace, '.gemini', '.env');
    await fenceGeminiEnvFile(sandbox.workspace);
    expect(readFileSync(file, 'utf8')).toBe(FENCE_ENV_TEXT);
    writeFileSync(file, 'A=1\n');
    await fenceGeminiEnvFile(sandbox.workspace);
    expect(readFileSync(file, 'utf8')).toBe('A=1\n');
  });
});
