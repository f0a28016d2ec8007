import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { greeterCaseYaml, greeterEvalYaml, PIRATE_SKILL } from '../test-support/greeter-suite.js';
import { writeFiles } from '../test-support/write-files.js';

interface Part {
  role: string;
  id: string;
  ready: boolean;
  problem?: string;
  hint?: string;
  credential?: string;
  version?: string;
  model?: { id: string; answered: boolean };
}

describe('skill-eval doctor: whether a run could start here, part by part (anthropic SDK, fake model server)', () => {
  let server: FakeModelServer;
  let dir: string;
  beforeAll(async () => {
    server = await startFakeModelServer({
      conversations: [{ id: 'gone', match: { model: 'retired-model' }, responses: [{ error: { status: 404 } }] }],
      fallback: { text: 'OK' },
    });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-doctor-'));
    writeFiles(dir, {
      'greeter/SKILL.md': PIRATE_SKILL,
      'greeter/evals/eval.yaml': greeterEvalYaml(['ahoy']),
      'greeter/evals/cases/ahoy.yaml': greeterCaseYaml('ahoy', 'Greet the crew'),
    });
    return () => rmSync(dir, { recursive: true, force: true });
  });

  async function doctor(env: Record<string, string | undefined>, ...args: string[]) {
    const io = captureIO(dir, { PATH: process.env.PATH, ANTHROPIC_BASE_URL: server.url, ...env });
    const before = server.requests.length;
    const code = await main(['doctor', 'greeter', '-e', 'anthropic', '--json', ...args], io);
    const report = JSON.parse(io.out() || '{}') as { ready: boolean; parts: Part[] };
    return { code, report, stderr: io.err(), requests: server.requests.length - before };
  }
  const part = (parts: Part[], role: string) => parts.find((p) => p.role === role);

  it('says ready, with the engine’s version and where its key came from, and sends nothing without --verify-models', async () => {
    const { code, report, requests } = await doctor({ ANTHROPIC_API_KEY: 'test-key' });
    expect(code).toBe(0);
    expect(report.ready).toBe(true);
    expect(part(report.parts, 'eval files')).toMatchObject({ id: '1 suite, 1 case', ready: true });
    expect(part(report.parts, 'engine')).toMatchObject({
      id: 'anthropic',
      ready: true,
      credential: 'API key ANTHROPIC_API_KEY (environment)',
    });
    expect(part(report.parts, 'engine')?.version).toMatch(/^\d+\.\d+/);
    // skill-up's must_contain needs no judge: none is checked.
    expect(part(report.parts, 'judge')).toBeUndefined();
    expect(requests).toBe(0);
    expect(existsSync(join(dir, '.skill-eval'))).toBe(false);
  });

  it('names a missing key as the problem, says what to do, and exits 1', async () => {
    const { code, report } = await doctor({});
    expect(code).toBe(1);
    expect(report.ready).toBe(false);
    expect(part(report.parts, 'engine')).toMatchObject({ ready: false });
    expect(part(report.parts, 'engine')?.problem).toContain('ANTHROPIC_API_KEY');
  });

  it('says a judge lacking a setting is not ready, naming the setting scoped to the judge', async () => {
    writeFiles(dir, { 'judged/evals/evals.json': '{"evals":[{"id":1,"prompt":"hi","assertions":["says hi"]}]}' });
    const io = captureIO(dir, { PATH: process.env.PATH, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k' });
    const code = await main(['doctor', 'judged', '-e', 'anthropic', '--judge', 'command', '--json'], io);
    expect(code).toBe(1);
    const judge = part((JSON.parse(io.out()) as { parts: Part[] }).parts, 'judge');
    expect(judge).toMatchObject({ id: 'command', ready: false });
    expect(judge?.problem).toMatch(
      /^The judge command cannot run here\. Invalid settings for command: command: is required/,
    );
    expect(judge?.problem).toContain('--ek command.command=./my-agent.sh');
  });

  it('--verify-models sends each engine one tiny request, and a model that does not answer is not ready', async () => {
    const answered = await doctor({ ANTHROPIC_API_KEY: 'test-key' }, '--verify-models');
    expect(answered.code).toBe(0);
    expect(answered.requests).toBe(1);
    expect(part(answered.report.parts, 'engine')?.model?.answered).toBe(true);

    const gone = await doctor({ ANTHROPIC_API_KEY: 'test-key' }, '--verify-models', '-e', 'anthropic:retired-model');
    expect(gone.code).toBe(1);
    const engine = gone.report.parts.find((p) => p.id === 'anthropic:retired-model');
    expect(engine).toMatchObject({ ready: false, model: { id: 'retired-model', answered: false } });
    expect(engine?.problem).toMatch(/^the model did not answer: /);
  });

  it('lists the eval files’ errors with their lines and is not ready', async () => {
    writeFiles(dir, { 'greeter/evals/cases/ahoy.yaml': 'id: ahoy\ninput: [\n' });
    const { code, report, stderr } = await doctor({ ANTHROPIC_API_KEY: 'test-key' });
    expect(code).toBe(1);
    expect(part(report.parts, 'eval files')).toMatchObject({ ready: false });
    expect(stderr).toMatch(/ahoy\.yaml:\d+/);
  });

  it('checks the environment the run would use: a Docker daemon that does not answer is not ready', async () => {
    const { code, report } = await doctor(
      { ANTHROPIC_API_KEY: 'test-key', DOCKER_HOST: `unix://${join(dir, 'no-daemon.sock')}` },
      '--environment',
      'docker:node:20',
    );
    expect(code).toBe(1);
    expect(part(report.parts, 'environment')).toMatchObject({ id: 'docker:node:20', ready: false });
    expect(part(report.parts, 'environment')?.hint).toBeTruthy();
  });

  it('prints a table a person reads: each part, ready or not, and what to do', async () => {
    const io = captureIO(dir, { PATH: process.env.PATH, ANTHROPIC_BASE_URL: server.url });
    const code = await main(['doctor', 'greeter', '-e', 'anthropic'], io);
    expect(code).toBe(1);
    expect(io.out()).toMatch(/^ {2}engine {7}anthropic +not ready {2}.*ANTHROPIC_API_KEY/m);
    expect(io.out()).toMatch(/^ {2}eval files {3}1 suite, 1 case +ready$/m);
    expect(io.out()).toContain('Not ready: 1 problem to fix first.');
  });
});
