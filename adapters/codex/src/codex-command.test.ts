import { describe, expect, it } from 'vitest';
import { buildCodexArgs, buildCodexEnv, resolveBaseUrl, tomlString } from './codex-command.js';

const base = {
  model: 'gpt-5.5',
  baseUrl: 'http://127.0.0.1:1234/v1',
  apiKeyEnv: 'OPENAI_API_KEY',
  sandbox: 'workspace-write' as const,
};
const configs = (args: string[]) => args.flatMap((arg, i) => (args[i - 1] === '-c' ? [arg] : []));

describe('buildCodexArgs', () => {
  it('builds a single, ephemeral, offline-safe exec with the provider from flags and the prompt read from stdin', () => {
    const args = buildCodexArgs({ ...base, turn: { kind: 'single' } });
    expect(args.slice(0, 3)).toEqual(['exec', '--json', '--skip-git-repo-check']);
    expect(args).toContain('--ephemeral');
    expect(args.slice(-2)).toEqual(['--', '-']);
    expect(args.join(' ')).toContain('--model=gpt-5.5 -s workspace-write -c');
    expect(args.join(' ')).toContain('--disable plugins --disable apps');
    expect(configs(args)).toEqual([
      'sandbox_workspace_write.exclude_slash_tmp=true',
      'analytics.enabled=false',
      'skills.bundled.enabled=false',
      'model_provider="skilleval"',
      'model_providers.skilleval.name="skilleval"',
      'model_providers.skilleval.base_url="http://127.0.0.1:1234/v1"',
      'model_providers.skilleval.wire_api="responses"',
      'model_providers.skilleval.env_key="OPENAI_API_KEY"',
      'model_providers.skilleval.request_max_retries=0',
      'model_providers.skilleval.stream_max_retries=0',
    ]);
  });

  it('keeps the session for a first turn and resumes by thread id (no -s on resume) for the next', () => {
    const first = buildCodexArgs({ ...base, turn: { kind: 'first' } });
    expect(first).not.toContain('--ephemeral');
    const resume = buildCodexArgs({ ...base, sandbox: 'read-only', turn: { kind: 'resume', threadId: 'th-1' } });
    expect(resume.slice(0, 2)).toEqual(['exec', 'resume']);
    expect(resume).not.toContain('--ephemeral');
    expect(resume).not.toContain('-s');
    expect(configs(resume)).toContain('sandbox_mode="read-only"');
    expect(resume.slice(-3)).toEqual(['--', 'th-1', '-']);
  });

  it('passes the system prompt as developer instructions and extra args before the prompt', () => {
    const args = buildCodexArgs({
      ...base,
      turn: { kind: 'single' },
      system: 'Say "hi"\nthen stop.',
      extraArgs: ['--add-dir', '/x'],
    });
    expect(configs(args)).toContain('developer_instructions="Say \\"hi\\"\\nthen stop."');
    expect(args.slice(-4)).toEqual(['--add-dir', '/x', '--', '-']);
  });

  it('gives the model in one word with its option, so a model starting with a dash is never a flag', () => {
    const args = buildCodexArgs({
      ...base,
      model: '--dangerously-bypass-approvals-and-sandbox',
      turn: { kind: 'single' },
    });
    expect(args).toContain('--model=--dangerously-bypass-approvals-and-sandbox');
    expect(args).not.toContain('--dangerously-bypass-approvals-and-sandbox');
  });
});

describe('tomlString', () => {
  it('escapes what TOML basic strings cannot hold', () => {
    expect(tomlString('a\\b"c\td\u007f\u0001')).toBe('"a\\\\b\\"c\\td\\u007f\\u0001"');
  });
});

describe('resolveBaseUrl and buildCodexEnv', () => {
  it('prefers the setting, then OPENAI_BASE_URL (which codex ignores), then OpenAI', () => {
    expect(resolveBaseUrl({ baseUrl: 'http://a/v1' }, { OPENAI_BASE_URL: 'http://b/v1' })).toBe('http://a/v1');
    expect(resolveBaseUrl({}, { OPENAI_BASE_URL: 'http://b/v1' })).toBe('http://b/v1');
    expect(resolveBaseUrl({}, {})).toBe('https://api.openai.com/v1');
  });

  it('points HOME, CODEX_HOME and TMPDIR into the fresh HOME and keeps the runner env', () => {
    const env = { PATH: '/bin', HOME: '/root', TMPDIR: '/tmp', OPENAI_API_KEY: 'k' };
    expect(buildCodexEnv({ home: '/tmp/x/h', env })).toEqual({
      PATH: '/bin',
      HOME: '/tmp/x/h',
      CODEX_HOME: '/tmp/x/h/.codex',
      // codex makes no sandbox helper in a CODEX_HOME under TMPDIR, and the fresh HOME is in the temp dir.
      TMPDIR: '/tmp/x/h/.tmp',
      OPENAI_API_KEY: 'k',
    });
  });
});
