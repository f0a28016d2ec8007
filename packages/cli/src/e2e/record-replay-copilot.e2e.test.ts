import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult } from '@skill-eval/core';
import { type FakeModelServer, RecordingSchema, startFakeModelServer } from '@skill-eval/model-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { COPILOT_TEST_CACHE, REPO_ROOT } from '../test-support/paths.js';
import { resultsByExecution, verdictOf } from '../test-support/run-output.js';

// The real GitHub Copilot CLI (the copilot engine's pinned devDependency) recorded on a bring-your-own-key provider —
// the fake model server's OpenAI API — then replayed with that server gone, no key, and a GitHub token in the
// environment that would send Copilot to GitHub were the replay not to choose the provider for it.
const COPILOT = join(REPO_ROOT, 'adapters', 'copilot', 'node_modules', '.bin', 'copilot');
const KEY = 'sk-copilot-record-secret-0314';
const JUDGE = 'You grade the work of an AI agent';
const verdict = (passed: boolean) =>
  JSON.stringify({ criteria: [{ id: 1, passed, evidence: 'Ahoy, matey!', reasoning: 'Checked.' }] });
const skillThenAnswer = [{ toolCalls: [{ name: 'skill', input: { skill: 'pirate' } }] }, { text: 'Ahoy, matey!' }];
const script = {
  conversations: [
    { id: 'judge-pass', match: { system: JUDGE, user: 'will pass' }, responses: [{ text: verdict(true) }] },
    { id: 'judge-fail', match: { system: JUDGE, user: 'judge says no' }, responses: [{ text: verdict(false) }] },
    { id: 'pass', match: { user: 'will pass', tools: true }, responses: skillThenAnswer },
    { id: 'fail', match: { user: 'judge says no', tools: true }, responses: skillThenAnswer },
  ],
};
const evals = {
  skill_name: 'pirate',
  evals: [
    { id: 'pass', prompt: 'Greet me like a pirate (will pass).', assertions: ['The reply is a pirate greeting'] },
    { id: 'fail', prompt: 'Greet me like a pirate (judge says no).', assertions: ['The reply is a haiku'] },
  ],
};
const engineArgs = ['--engine', 'copilot', '--ek', `copilot.path=${COPILOT}`, '--ek', 'copilot.model=gpt-4o'];

let upstream: FakeModelServer;
let dir: string;
let recorded: Map<string, CaseResult>;
let replayed: Map<string, CaseResult>;
let recordCode: number;
let replayCode: number;
let replayErr: string;
const saved = { ...process.env };

beforeAll(async () => {
  mkdirSync(COPILOT_TEST_CACHE, { recursive: true });
  upstream = await startFakeModelServer(script);
  // The API judge reads its endpoint and key from the process environment.
  Object.assign(process.env, { ANTHROPIC_BASE_URL: upstream.url, ANTHROPIC_API_KEY: KEY });
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-record-copilot-'));
  mkdirSync(join(dir, 'pirate', 'evals'), { recursive: true });
  writeFileSync(join(dir, 'pirate', 'SKILL.md'), '---\nname: pirate\ndescription: Greets like a pirate.\n---\nAhoy.\n');
  writeFileSync(join(dir, 'pirate', 'evals', 'evals.json'), JSON.stringify(evals));
  // The provider is chosen the user's way, by COPILOT_PROVIDER_BASE_URL, with its key in COPILOT_PROVIDER_API_KEY.
  const endpoint = `${upstream.url}/v1`;
  const recordIO = captureIO(dir, {
    PATH: process.env.PATH,
    XDG_CACHE_HOME: COPILOT_TEST_CACHE,
    COPILOT_PROVIDER_BASE_URL: endpoint,
    COPILOT_PROVIDER_API_KEY: KEY,
    OPENAI_BASE_URL: endpoint,
    ANTHROPIC_BASE_URL: upstream.url,
    ANTHROPIC_API_KEY: KEY,
  });
  const args = [...engineArgs, '--judge', 'anthropic', '-j', '2'];
  recordCode = await main(['run', 'pirate', ...args, '--record', '--out', 'recorded'], recordIO);
  recorded = resultsByExecution(join(dir, 'recorded'));

  await upstream.close();
  process.env.ANTHROPIC_BASE_URL = 'http://127.0.0.1:9';
  delete process.env.ANTHROPIC_API_KEY;
  const replayIO = captureIO(dir, {
    PATH: process.env.PATH,
    XDG_CACHE_HOME: COPILOT_TEST_CACHE,
    GH_TOKEN: 'gh-token-that-must-not-be-used',
    OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
  });
  replayCode = await main(['run', '--replay', 'recorded', ...engineArgs.slice(2), '--out', 'replayed'], replayIO);
  replayErr = replayIO.err();
  replayed = resultsByExecution(join(dir, 'replayed'));
}, 300_000);

afterAll(async () => {
  process.env = saved;
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('records copilot’s exchanges on its provider through the recorder, without the key', () => {
  expect([...recorded.values()].map((r) => [r.caseId, r.status]).sort()).toEqual([
    ['fail', 'failed'],
    ['pass', 'passed'],
  ]);
  expect(recordCode).toBe(1);
  const pass = [...recorded.values()].find((r) => r.caseId === 'pass')!;
  expect(pass.session?.skillsInvoked?.map((s) => s.name)).toEqual(['pirate']);
  const text = readFileSync(join(dir, 'recorded', 'recordings', `${pass.executionId}.json`), 'utf8');
  expect(text).not.toContain(KEY);
  const recording = RecordingSchema.parse(JSON.parse(text));
  const engineCalls = recording.scopes[pass.executionId]!.filter((e) => e.path === '/v1/chat/completions');
  expect(engineCalls.length).toBeGreaterThanOrEqual(2);
  // Every request the model server answered went through the recorder.
  const exchanges = readdirSync(join(dir, 'recorded', 'recordings')).flatMap((name) =>
    Object.values(
      RecordingSchema.parse(JSON.parse(readFileSync(join(dir, 'recorded', 'recordings', name), 'utf8'))).scopes,
    ).flat(),
  );
  expect(exchanges).toHaveLength(upstream.requests.length);
});

it('replays copilot to the same verdicts, offline, on the replay server rather than GitHub', () => {
  expect([...replayed.keys()].sort()).toEqual([...recorded.keys()].sort());
  for (const [id, result] of recorded)
    expect(verdictOf(replayed.get(id)!), `${id}\n${replayErr}`).toEqual(verdictOf(result));
  expect(replayCode).toBe(recordCode);
});

it('refuses to record copilot on a GitHub token, before any execution', async () => {
  const io = captureIO(dir, {
    PATH: process.env.PATH,
    XDG_CACHE_HOME: COPILOT_TEST_CACHE,
    GH_TOKEN: 'gh-token',
  });
  expect(await main(['run', 'pirate', ...engineArgs, '--record', '--out', 'refused'], io)).toBe(2);
  expect(io.err()).toContain(
    "--record cannot redirect engine copilot: on a GitHub login or token Copilot talks to GitHub's Copilot API",
  );
  expect(readdirSync(dir)).not.toContain('refused');
});
