import { describe, expect, it } from 'vitest';
import { buildChildEnv, ENV_ALLOWLIST } from './child-env.js';

describe('buildChildEnv', () => {
  const source = {
    PATH: '/usr/bin',
    ANTHROPIC_API_KEY: 'sk-test-123456',
    OPENAI_BASE_URL: 'http://127.0.0.1:9',
    https_proxy: 'http://127.0.0.1:3128',
    SKILL_EVAL_FLAVOUR: 'mint',
    RANDOM_THING_42: 'nope',
    AWS_SECRET_ACCESS_KEY: 'nope-either',
    HOME: '/home/real',
    TMPDIR: '/var/tmp/machine',
    UNSET: undefined,
  };

  it('passes only allowlisted and SKILL_EVAL_* variables, no credential, with HOME and TMPDIR the execution’s', () => {
    const env = buildChildEnv(source, '/tmp/fresh-home');
    expect(env).toEqual({
      PATH: '/usr/bin',
      OPENAI_BASE_URL: 'http://127.0.0.1:9',
      https_proxy: 'http://127.0.0.1:3128',
      SKILL_EVAL_FLAVOUR: 'mint',
      HOME: '/tmp/fresh-home',
      TMPDIR: '/tmp/fresh-home/.tmp',
    });
  });

  it('passes the variables the engine names as its own (the key its apiKeyEnv names)', () => {
    const env = buildChildEnv(source, '/tmp/fresh-home', ['RANDOM_THING_42']);
    expect(env.RANDOM_THING_42).toBe('nope');
    expect(env.AWS_SECRET_ACCESS_KEY).toBeUndefined();
  });

  it('passes a credential only to the engine that names it', () => {
    expect(buildChildEnv(source, '/tmp/fresh-home', ['ANTHROPIC_API_KEY']).ANTHROPIC_API_KEY).toBe('sk-test-123456');
  });

  it('hands on a proxy without its password', () => {
    const env = buildChildEnv({ HTTPS_PROXY: 'http://me:pr0xy-pass@127.0.0.1:3128' }, '/tmp/fresh-home');
    expect(env.HTTPS_PROXY).toBe('http://127.0.0.1:3128');
  });

  it('lists proxies in both spellings', () => {
    for (const name of ['HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy']) expect(ENV_ALLOWLIST).toContain(name);
  });
});
