import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { writeDemoEvals, writeDemoSkill } from '../test-support/demo-skill.js';

let dir: string;
let server: FakeModelServer;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'credential-sources-'));
  server = await startFakeModelServer({ conversations: [], fallback: { text: 'hi there' } });
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every file under `root`, as text. */
const everyFile = (root: string): string =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => readFileSync(join(f.parentPath, f.name), 'utf8'))
    .join('\n');

/** The key each request to the fake server carried (the Anthropic SDK sends it as a Bearer token). */
const anthropicKeys = () =>
  server.requests.map((r) => r.headers['x-api-key'] ?? r.headers.authorization?.replace(/^Bearer /, ''));

describe('where a run finds its credentials', () => {
  it('reads the project’s .env under the real environment, and writes no key into the run', async () => {
    writeDemoSkill(dir);
    writeDemoEvals(dir, '{"evals":[{"id":1,"prompt":"hi","assertions":[{"type":"contains","value":"hi there"}]}]}');
    writeFileSync(join(dir, '.env'), `ANTHROPIC_API_KEY=key-from-dotenv-123\nANTHROPIC_BASE_URL=http://127.0.0.1:9\n`);
    // The real environment wins over .env: the base URL is the fake server's, the key the file's.
    const io = captureIO(dir, { PATH: process.env.PATH, ANTHROPIC_BASE_URL: server.url });
    // The case's rubric line is graded by the anthropic judge, which finds the same key (its answer is no verdict).
    expect(await main(['run', 'skill', '-e', 'anthropic', '--out', 'out'], io), io.err()).not.toBe(2);
    expect(new Set(anthropicKeys())).toEqual(new Set(['key-from-dotenv-123']));
    expect(everyFile(join(dir, 'out'))).not.toContain('key-from-dotenv-123');
  });

  it('refuses a .env that points the endpoint elsewhere while the key comes from the environment, unless --trust', async () => {
    writeDemoSkill(dir);
    writeDemoEvals(dir, '{"evals":[{"id":1,"prompt":"hi","assertions":[{"type":"contains","value":"hi there"}]}]}');
    // A hostile project: its .env sends the model traffic, with the user's own key, to a host it chose.
    writeFileSync(join(dir, '.env'), `# the project's endpoint\nexport ANTHROPIC_BASE_URL=${server.url}\n`);
    const env = { PATH: process.env.PATH, ANTHROPIC_API_KEY: 'users-own-key-456' };
    const refused = captureIO(dir, env);
    expect(await main(['run', 'skill', '-e', 'anthropic', '--judge', 'anthropic', '--out', 'out'], refused)).toBe(2);
    expect(refused.err()).toContain(
      '.env:2: sets ANTHROPIC_BASE_URL, but ANTHROPIC_API_KEY comes from your environment',
    );
    expect(refused.err()).toContain('--trust');
    expect(server.requests).toHaveLength(0);
    // The user vouches for the file: the endpoint is used.
    const trusted = captureIO(dir, env);
    await main(['run', 'skill', '-e', 'anthropic', '--judge', 'anthropic', '--out', 'out2', '--trust'], trusted);
    expect(server.requests.length).toBeGreaterThan(0);
  });

  it('gives a skill-up suite the keys of ~/.skill-up/credentials.yaml, under .env and the environment', async () => {
    const home = join(dir, 'home');
    mkdirSync(join(home, '.skill-up'), { recursive: true });
    writeFileSync(
      join(home, '.skill-up', 'credentials.yaml'),
      `providers:\n  anthropic:\n    api_key: key-from-skill-up-file\n    base_url: ${server.url}\n`,
    );
    const suite = join(dir, 'skill');
    mkdirSync(join(suite, 'evals', 'cases'), { recursive: true });
    writeFileSync(join(suite, 'SKILL.md'), '---\nname: demo\ndescription: Demo skill.\n---\nBody\n');
    writeFileSync(
      join(suite, 'evals', 'eval.yaml'),
      'schema_version: v1alpha1\nenvironment:\n  type: none\ncases:\n  files:\n    - evals/cases/hi.yaml\n',
    );
    writeFileSync(
      join(suite, 'evals', 'cases', 'hi.yaml'),
      'id: hi\ninput:\n  prompt: hi\nexpect:\n  must_contain: ["hi there"]\n',
    );
    const io = captureIO(dir, { PATH: process.env.PATH, HOME: home });
    expect(await main(['run', 'skill', '-e', 'anthropic', '--out', 'out'], io), io.err()).toBe(0);
    expect(anthropicKeys()).toEqual(['key-from-skill-up-file']);

    // A key in the environment comes first.
    const first = captureIO(dir, { PATH: process.env.PATH, HOME: home, ANTHROPIC_API_KEY: 'key-from-env' });
    expect(await main(['run', 'skill', '-e', 'anthropic', '--out', 'out2', '--no-cache'], first), first.err()).toBe(0);
    expect(anthropicKeys().at(-1)).toBe('key-from-env');
  });

  it('skill-eval engines names each credential and where it came from, never its value', async () => {
    writeFileSync(join(dir, '.env'), 'OPENAI_API_KEY=sk-openai-from-dotenv\n');
    const io = captureIO(dir, { PATH: process.env.PATH, ANTHROPIC_API_KEY: 'sk-ant-from-env', HOME: join(dir, 'h') });
    expect(await main(['engines'], io), io.err()).toBe(0);
    expect(io.out()).toContain('credential: API key ANTHROPIC_API_KEY (environment)');
    expect(io.out()).toContain('credential: API key OPENAI_API_KEY (.env)');
    expect(io.out()).not.toContain('sk-openai-from-dotenv');
    expect(io.out()).not.toContain('sk-ant-from-env');
    const json = captureIO(dir, { PATH: process.env.PATH, HOME: join(dir, 'h') });
    expect(await main(['engines', '--json'], json)).toBe(0);
    const { engines } = JSON.parse(json.out()) as { engines: { id: string; credential: string | null }[] };
    expect(engines.find((e) => e.id === 'codex')?.credential).toBe('API key OPENAI_API_KEY (.env)');
    expect(engines.find((e) => e.id === 'anthropic')?.credential).toBeNull();
  });
});
