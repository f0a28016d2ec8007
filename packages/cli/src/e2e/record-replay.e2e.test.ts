import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult } from '@skill-eval/core';
import { type FakeModelServer, RecordingSchema, startFakeModelServer } from '@skill-eval/model-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { CLAUDE_BIN } from '../test-support/paths.js';
import { resultsByExecution, verdictOf } from '../test-support/run-output.js';

const KEY = 'sk-record-replay-secret-0042';
const JUDGE = 'You grade the work of an AI agent';
const verdict = (passed: boolean) =>
  JSON.stringify({ criteria: [{ id: 1, passed, evidence: 'Ahoy, matey!', reasoning: 'Checked.' }] });
const skillThenAnswer = [{ toolCalls: [{ name: 'Skill', input: { skill: 'pirate' } }] }, { text: 'Ahoy, matey!' }];
const script = {
  conversations: [
    { id: 'judge-pass', match: { system: JUDGE, user: 'will pass' }, responses: [{ text: verdict(true) }] },
    { id: 'judge-fail', match: { system: JUDGE, user: 'judge says no' }, responses: [{ text: verdict(false) }] },
    { id: 'pass', match: { user: 'will pass', tools: true }, responses: skillThenAnswer },
    { id: 'fail', match: { user: 'judge says no', tools: true }, responses: skillThenAnswer },
    { id: '401', match: { user: 'server says 401' }, responses: [{ error: { status: 401, message: 'bad key' } }] },
  ],
};
const evals = {
  skill_name: 'pirate',
  evals: [
    { id: 'pass', prompt: 'Greet me like a pirate (will pass).', assertions: ['The reply is a pirate greeting'] },
    { id: 'fail', prompt: 'Greet me like a pirate (judge says no).', assertions: ['The reply is a haiku'] },
    { id: 'unauthorized', prompt: 'Greet me (server says 401).', assertions: ['A greeting'] },
  ],
};

/**
 * The check: a run recorded against the fake model server (engine and judge through the recording proxy),
 * then replayed with that server gone and no key anywhere, gives the same verdicts.
 */
describe.each([
  ['anthropic', []],
  ['claude-code', ['--ek', `claude-code.path=${CLAUDE_BIN}`]],
])('run --record, then --replay, on %s', (engine, engineArgs) => {
  let upstream: FakeModelServer;
  let dir: string;
  let recorded: Map<string, CaseResult>;
  let replayed: Map<string, CaseResult>;
  let recordCode: number;
  let replayCode: number;
  const saved = { ...process.env };

  beforeAll(async () => {
    upstream = await startFakeModelServer(script);
    // API judges read their endpoint and key from the process environment.
    Object.assign(process.env, { ANTHROPIC_BASE_URL: upstream.url, ANTHROPIC_API_KEY: KEY });
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-record-replay-'));
    mkdirSync(join(dir, 'pirate', 'evals'), { recursive: true });
    writeFileSync(
      join(dir, 'pirate', 'SKILL.md'),
      '---\nname: pirate\ndescription: Greets like a pirate.\n---\nAhoy.\n',
    );
    writeFileSync(join(dir, 'pirate', 'evals', 'evals.json'), JSON.stringify(evals));
    const recordIO = captureIO(dir, {
      PATH: process.env.PATH,
      ANTHROPIC_BASE_URL: upstream.url,
      ANTHROPIC_API_KEY: KEY,
    });
    const args = ['--engine', engine, ...engineArgs, '--judge', 'anthropic', '-j', '3'];
    recordCode = await main(['run', 'pirate', ...args, '--record', '--out', 'recorded'], recordIO);
    recorded = resultsByExecution(join(dir, 'recorded'));

    // The model server and its script are gone, the endpoint points nowhere, and there is no key.
    await upstream.close();
    process.env.ANTHROPIC_BASE_URL = 'http://127.0.0.1:9';
    delete process.env.ANTHROPIC_API_KEY;
    const replayIO = captureIO(dir, { PATH: process.env.PATH, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' });
    // A program path run.json records is not this command line's: the replay names its own.
    replayCode = await main(['run', '--replay', 'recorded', ...engineArgs, '--out', 'replayed'], replayIO);
    replayed = resultsByExecution(join(dir, 'replayed'));
  }, 180_000);

  afterAll(async () => {
    process.env = saved;
    await upstream?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('recorded the verdicts the script makes', () => {
    expect([...recorded.values()].map((r) => [r.caseId, r.status]).sort()).toEqual([
      ['fail', 'failed'],
      ['pass', 'passed'],
      ['unauthorized', 'error'],
    ]);
    expect(recordCode).toBe(1);
  });

  it('kept each execution’s engine and judge exchanges, without the key', () => {
    const files = readdirSync(join(dir, 'recorded', 'recordings')).sort();
    expect(files).toEqual([...recorded.keys()].map((id) => `${id}.json`).sort());
    const pass = [...recorded.values()].find((r) => r.caseId === 'pass')!;
    const text = readFileSync(join(dir, 'recorded', 'recordings', `${pass.executionId}.json`), 'utf8');
    expect(text).not.toContain(KEY);
    const recording = RecordingSchema.parse(JSON.parse(text));
    const engineCalls = recording.scopes[pass.executionId]!.filter((e) => e.path === '/v1/messages');
    expect(engineCalls.map((e) => e.step)).toEqual(expect.arrayContaining([0, 1]));
    expect(engineCalls.some((e) => e.response.headers['content-type']?.includes('text/event-stream'))).toBe(true);
    expect(recording.scopes[`${pass.executionId}.judge`]).toHaveLength(1);
    // Every request the model server answered went through the recorder.
    const exchanges = readdirSync(join(dir, 'recorded', 'recordings')).flatMap((name) =>
      Object.values(
        RecordingSchema.parse(JSON.parse(readFileSync(join(dir, 'recorded', 'recordings', name), 'utf8'))).scopes,
      ).flat(),
    );
    expect(exchanges).toHaveLength(upstream.requests.length);
  });

  it('replays to the same verdicts, offline', () => {
    expect([...replayed.keys()].sort()).toEqual([...recorded.keys()].sort());
    for (const [id, result] of recorded) expect(verdictOf(replayed.get(id)!), id).toEqual(verdictOf(result));
    const pass = [...replayed.values()].find((r) => r.caseId === 'pass')!;
    expect(pass.judge?.engine).toBe('anthropic');
    expect(pass.session?.skillsInvoked?.map((s) => s.name)).toEqual(['pirate']);
    expect(replayCode).toBe(recordCode);
    expect(existsSync(join(dir, 'replayed', 'recordings'))).toBe(false);
  });

  it.runIf(engineArgs.length > 0)(
    'runs no program path from run.json without --trust: the file is not this command line',
    async () => {
      const io = captureIO(dir, { PATH: process.env.PATH, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' });
      expect(await main(['run', '--replay', 'recorded', '--out', 'replayed-untrusted'], io)).toBe(2);
      expect(io.err()).toContain('run.json records options that run code, read outside the project or send data away');
      expect(io.err()).toContain('--ek claude-code.path=… (names the program to run)');
      expect(existsSync(join(dir, 'replayed-untrusted'))).toBe(false);
    },
  );

  it.runIf(engineArgs.length === 0)(
    'sends traces only where --otlp given now says, never where run.json says',
    async () => {
      const posted: string[] = [];
      const collector = createServer((req, res) => {
        posted.push(req.url ?? '');
        req.resume();
        res.end('{}');
      });
      await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
      try {
        cpSync(join(dir, 'recorded'), join(dir, 'recorded-otlp'), { recursive: true });
        const manifestFile = join(dir, 'recorded-otlp', 'run.json');
        const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
        manifest.invocation.options.otlp = `${url}/from-run-json`;
        writeFileSync(manifestFile, JSON.stringify(manifest));
        const replay = (out: string, ...flags: string[]) =>
          main(
            ['run', '--replay', 'recorded-otlp', '--out', out, ...flags],
            captureIO(dir, { PATH: process.env.PATH, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' }),
          );
        expect(await replay('replayed-otlp')).toBe(recordCode);
        expect(posted).toEqual([]);
        expect(await replay('replayed-otlp-flag', '--otlp', `${url}/given`)).toBe(recordCode);
        expect(new Set(posted)).toEqual(new Set(['/given/v1/traces']));
      } finally {
        collector.closeAllConnections();
        await new Promise((resolve) => collector.close(resolve));
      }
    },
  );

  it('refuses to replay a case whose prompt was edited since the recording, naming it', async () => {
    const file = join(dir, 'pirate', 'evals', 'evals.json');
    const edited = {
      ...evals,
      evals: evals.evals.map((e) => (e.id === 'fail' ? { ...e, prompt: 'Greet me like a cowboy.' } : e)),
    };
    writeFileSync(file, JSON.stringify(edited));
    try {
      const io = captureIO(dir, { PATH: process.env.PATH, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' });
      expect(await main(['run', '--replay', 'recorded', ...engineArgs, '--out', 'replayed-edited'], io)).toBe(2);
      expect(io.err()).toMatch(/the prompt of 1 case\(s\) changed since .*recorded was recorded/);
      expect(io.err()).toContain('pirate/evals/evals.json:1 fail');
      expect(existsSync(join(dir, 'replayed-edited'))).toBe(false);
    } finally {
      writeFileSync(file, JSON.stringify(evals));
    }
  });

  it('replays in another checkout of the project, where the recorded directory is not', async () => {
    // A recording committed with the project replays in CI, whose checkout sits at another path.
    const moved = `${dir}-checkout`;
    renameSync(dir, moved);
    dir = moved;
    const io = captureIO(moved, { PATH: process.env.PATH, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' });
    const code = await main(['run', '--replay', 'recorded', ...engineArgs, '--out', 'replayed-here'], io);
    expect(code, io.err()).toBe(recordCode);
    const here = resultsByExecution(join(moved, 'replayed-here'));
    for (const [id, result] of recorded) expect(verdictOf(here.get(id)!), id).toEqual(verdictOf(result));
    const manifest = JSON.parse(readFileSync(join(moved, 'replayed-here', 'run.json'), 'utf8'));
    expect(manifest.invocation.cwd).toBe(moved);
  }, 120_000);
});
