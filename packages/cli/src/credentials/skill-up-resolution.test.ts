import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Engine } from '@skill-eval/core';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { writeFiles } from '../test-support/write-files.js';
import { withApiKey } from './api-key-option.js';

let dir: string;
let server: FakeModelServer;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'skill-up-resolution-'));
  server = await startFakeModelServer({ conversations: [], fallback: { text: 'hi there' } });
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A skill-up suite whose eval.yaml pins the agent's model, and whose case has an agent_judge when `judge` is given. */
function writeSuite(judge?: string): void {
  writeFiles(dir, {
    'skill/SKILL.md': '---\nname: demo\ndescription: Demo skill.\n---\nBody\n',
    'skill/evals/eval.yaml': [
      'schema_version: v1alpha1',
      'environment:\n  type: none',
      'engine:\n  name: claude_code\n  model:\n    provider: anthropic\n    name: model-from-file',
      'cases:\n  files:\n    - evals/cases/hi.yaml',
      '',
    ].join('\n'),
    'skill/evals/cases/hi.yaml':
      judge !== undefined
        ? `id: hi\ninput:\n  prompt: hi\njudge:\n  type: agent_judge\n${judge}  criteria: ["Says hi"]\n`
        : 'id: hi\ninput:\n  prompt: hi\nexpect:\n  must_contain: ["hi there"]\n',
  });
}

/** Every file under `root`, as text. */
const everyFile = (root: string): string =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => readFileSync(join(f.parentPath, f.name), 'utf8'))
    .join('\n');

/** The judge's requests ask about criteria; the agent's carry the case's prompt. */
const isJudge = (body: unknown) => JSON.stringify(body).includes('Says hi');
const requestsOf = (role: 'agent' | 'judge') =>
  server.requests.filter((r) => r.api !== 'other' && isJudge(r.body) === (role === 'judge'));
/** The key each request carried (the Anthropic SDK may send it as a Bearer token). */
const keysOf = (role: 'agent' | 'judge') =>
  new Set(requestsOf(role).map((r) => r.headers['x-api-key'] ?? r.headers.authorization?.replace(/^Bearer /, '')));
const modelsOf = (role: 'agent' | 'judge') =>
  new Set(requestsOf(role).map((r) => (r.body as { model?: string }).model));

const baseEnv = () => ({ PATH: process.env.PATH, HOME: join(dir, 'home'), ANTHROPIC_BASE_URL: server.url });

describe('skill-up suites resolve models and keys as skill-up does', () => {
  it('asks for the model eval.yaml pins, for <PROVIDER>_MODEL over it, and for the command line’s over both', async () => {
    writeSuite();
    const env = { ...baseEnv(), ANTHROPIC_API_KEY: 'k' };
    const pinned = captureIO(dir, env);
    expect(await main(['run', 'skill', '-e', 'anthropic', '--out', 'a'], pinned), pinned.err()).toBe(0);
    expect(modelsOf('agent')).toEqual(new Set(['model-from-file']));

    server.requests.length = 0;
    const fromEnv = captureIO(dir, { ...env, ANTHROPIC_MODEL: 'model-from-env' });
    expect(await main(['run', 'skill', '-e', 'anthropic', '--out', 'b', '--no-cache'], fromEnv), fromEnv.err()).toBe(0);
    expect(modelsOf('agent')).toEqual(new Set(['model-from-env']));
    expect(fromEnv.err()).toMatch(
      /eval\.yaml: info: ANTHROPIC_MODEL is set to "model-from-env": skill-up uses it over the model the eval files pin \(anthropic\/model-from-file\)/,
    );

    server.requests.length = 0;
    const named = captureIO(dir, { ...env, ANTHROPIC_MODEL: 'model-from-env' });
    const args = ['run', 'skill', '-e', 'anthropic:model-from-cli', '--out', 'c', '--no-cache'];
    expect(await main(args, named), named.err()).toBe(0);
    expect(modelsOf('agent')).toEqual(new Set(['model-from-cli']));
    const results = readFileSync(join(dir, 'c', 'results.jsonl'), 'utf8');
    expect(results).toContain("the command line's model-from-cli is used");
  });

  it('gives the agent_judge <PROVIDER>_MODEL over its own model, and records which judge graded', async () => {
    writeSuite('  model: anthropic/judge-from-file\n');
    const env = { ...baseEnv(), ANTHROPIC_API_KEY: 'k' };
    const own = captureIO(dir, env);
    await main(['run', 'skill', '-e', 'anthropic', '--judge', 'anthropic', '--out', 'a'], own);
    expect(modelsOf('judge')).toEqual(new Set(['judge-from-file']));
    expect(modelsOf('agent')).toEqual(new Set(['model-from-file']));

    server.requests.length = 0;
    const fromEnv = captureIO(dir, { ...env, ANTHROPIC_MODEL: 'model-from-env' });
    await main(['run', 'skill', '-e', 'anthropic', '--judge', 'anthropic', '--out', 'b', '--no-cache'], fromEnv);
    expect(modelsOf('judge')).toEqual(new Set(['model-from-env']));
    expect(fromEnv.err()).toContain('(anthropic/model-from-file, anthropic/judge-from-file)');
    const [result] = readFileSync(join(dir, 'b', 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(result.judge).toMatchObject({ engine: 'anthropic', model: 'model-from-env' });
  });

  it('judges a case whose agent_judge names another provider with that provider’s engine, unless --judge is given', async () => {
    writeSuite('  model: openai/judge-openai\n');
    const env = {
      ...baseEnv(),
      ANTHROPIC_API_KEY: 'k',
      OPENAI_API_KEY: 'openai-key',
      OPENAI_BASE_URL: `${server.url}/v1`,
    };
    const own = captureIO(dir, env);
    await main(['run', 'skill', '-e', 'anthropic', '--out', 'a'], own);
    expect(modelsOf('judge')).toEqual(new Set(['judge-openai']));
    expect(keysOf('judge')).toEqual(new Set(['openai-key']));
    expect(new Set(requestsOf('judge').map((r) => r.api))).not.toContain('anthropic');
    const [graded] = readFileSync(join(dir, 'a', 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(graded.judge).toMatchObject({ engine: 'openai', model: 'judge-openai' });

    // The user chose the judge: it grades, and the result says which pin was set aside and where.
    server.requests.length = 0;
    const chosen = captureIO(dir, env);
    await main(['run', 'skill', '-e', 'anthropic', '--judge', 'anthropic', '--out', 'b', '--no-cache'], chosen);
    expect(new Set(requestsOf('judge').map((r) => r.api))).toEqual(new Set(['anthropic']));
    const results = readFileSync(join(dir, 'b', 'results.jsonl'), 'utf8');
    expect(results).toMatch(
      /hi\.yaml:1: The case pins the judge model openai\/judge-openai, a model of openai; anthropic asks/,
    );
  });

  it('sends --api-key from the engine over the environment, the judge only where it has none, and writes it nowhere', async () => {
    writeSuite('');
    const secret = 'sk-ant-from-the-command-line-0123456789';
    // The environment has no key: the agent and its judge (of the same provider) both send the command line's.
    const bare = captureIO(dir, baseEnv());
    await main(['run', 'skill', '-e', 'anthropic', '--judge', 'anthropic', '--api-key', secret, '--out', 'a'], bare);
    expect(requestsOf('agent').length).toBeGreaterThan(0);
    expect(keysOf('agent')).toEqual(new Set([secret]));
    expect(keysOf('judge')).toEqual(new Set([secret]));
    expect(everyFile(join(dir, 'a'))).not.toContain(secret);
    expect(JSON.parse(readFileSync(join(dir, 'a', 'run.json'), 'utf8')).invocation.options).not.toHaveProperty(
      'apiKey',
    );
    expect(bare.out() + bare.err()).not.toContain(secret);

    // A key in the environment: the command line wins for the agent; the judge keeps the environment's, as in skill-up.
    server.requests.length = 0;
    const withEnv = captureIO(dir, { ...baseEnv(), ANTHROPIC_API_KEY: 'key-from-env' });
    const args = [
      'run',
      'skill',
      '-e',
      'anthropic',
      '--judge',
      'anthropic',
      '--api-key',
      secret,
      '--out',
      'b',
      '--no-cache',
    ];
    await main(args, withEnv);
    expect(keysOf('agent')).toEqual(new Set([secret]));
    expect(keysOf('judge')).toEqual(new Set(['key-from-env']));
    expect(everyFile(join(dir, 'b'))).not.toContain(secret);
  });

  it('names engines that take no key from --api-key, and keys each other engine in its own variable', () => {
    const target = (id: string, settings?: unknown) => ({ id, engine: { id } as Engine, settings });
    const { env, notes } = withApiKey(
      'k',
      [target('qodercli'), target('codex', { apiKeyEnv: 'MY_OPENAI_KEY' }), target('claude-code')],
      {},
    );
    expect(notes).toEqual([expect.stringContaining('--api-key is not used by qodercli')]);
    expect(env).toEqual({ MY_OPENAI_KEY: 'k', ANTHROPIC_API_KEY: 'k' });
  });
});
