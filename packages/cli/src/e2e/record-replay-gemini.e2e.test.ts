import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult } from '@skill-eval/core';
import { type FakeModelServer, RecordingSchema, startFakeModelServer } from '@skill-eval/model-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { GEMINI_BIN } from '../test-support/paths.js';
import { resultsByCase, verdictOf } from '../test-support/run-output.js';

const KEY = 'gemini-record-replay-secret-0042';
const script = {
  conversations: [
    {
      id: 'greet',
      match: { user: 'Greet me like a pirate', tools: true },
      responses: [
        { toolCalls: [{ name: 'activate_skill', input: { name: 'pirate' } }] },
        { toolCalls: [{ name: 'write_file', input: { file_path: 'ahoy.txt', content: 'Ahoy!\n' } }] },
        { text: 'Ahoy, matey!' },
      ],
    },
    { id: 'refuse', match: { user: 'Say nothing' }, responses: [{ text: 'Arr, no.' }] },
  ],
};
const SUITE = 'schema_version: v1alpha1\nenvironment: {type: none}\ncases:\n  files: [evals/cases/*.yaml]\n';
const CASES = {
  greet:
    'id: greet\ninput: {prompt: "Greet me like a pirate and write ahoy.txt"}\njudge: {type: rule_based, success: [{files_exist: [ahoy.txt]}, {output_contains: {all: [Ahoy]}}]}\n',
  refuse:
    'id: refuse\ninput: {prompt: "Say nothing at all"}\njudge: {type: rule_based, success: [{output_contains: {all: [Ahoy]}}]}\n',
};

/**
 * gemini-cli reads its endpoint from GOOGLE_GEMINI_BASE_URL, a model API of its own: recorded through the proxy's
 * gemini route, then replayed with the model server gone and no key anywhere, it gives the same verdicts.
 */
describe('run --record, then --replay, on gemini-cli', () => {
  let upstream: FakeModelServer;
  let dir: string;
  let recorded: Map<string, CaseResult>;
  let replayed: Map<string, CaseResult>;
  let recordCode: number;
  let replayCode: number;
  let replayErr: string;
  const engineArgs = ['--engine', 'gemini-cli', '--ek', `path=${GEMINI_BIN}`, '--ek', 'model=gemini-2.5-flash'];

  beforeAll(async () => {
    upstream = await startFakeModelServer(script);
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-record-replay-gemini-'));
    mkdirSync(join(dir, 'pirate', 'evals', 'cases'), { recursive: true });
    writeFileSync(
      join(dir, 'pirate', 'SKILL.md'),
      '---\nname: pirate\ndescription: Greets like a pirate.\n---\nAhoy.\n',
    );
    writeFileSync(join(dir, 'pirate', 'evals', 'eval.yaml'), SUITE);
    for (const [id, text] of Object.entries(CASES))
      writeFileSync(join(dir, 'pirate', 'evals', 'cases', `${id}.yaml`), text);
    const recordIO = captureIO(dir, {
      PATH: process.env.PATH,
      GOOGLE_GEMINI_BASE_URL: upstream.url,
      GEMINI_API_KEY: KEY,
    });
    recordCode = await main(['run', 'pirate', ...engineArgs, '--record', '--out', 'recorded'], recordIO);
    recorded = resultsByCase(join(dir, 'recorded'));

    await upstream.close();
    // Switched to Vertex AI, gemini would call Google Cloud with the user's login: the replay switches it off.
    const replayIO = captureIO(dir, {
      PATH: process.env.PATH,
      GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:9',
      GOOGLE_GENAI_USE_VERTEXAI: 'true',
      GOOGLE_CLOUD_PROJECT: 'a-project',
      GOOGLE_CLOUD_LOCATION: 'us-central1',
    });
    replayCode = await main(['run', '--replay', 'recorded', ...engineArgs, '--out', 'replayed'], replayIO);
    replayErr = replayIO.err();
    replayed = resultsByCase(join(dir, 'replayed'));
  }, 180_000);

  afterAll(async () => {
    await upstream?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("recorded every Gemini API exchange of each execution, at the API's own paths, without the key", () => {
    expect(verdictOf(recorded.get('greet')!)).toMatchObject({ status: 'passed', skills: ['pirate'] });
    expect(recorded.get('refuse')?.status).toBe('failed');
    expect(recordCode).toBe(1);
    const files = readdirSync(join(dir, 'recorded', 'recordings'));
    const exchanges = files.flatMap((name) => {
      const text = readFileSync(join(dir, 'recorded', 'recordings', name), 'utf8');
      expect(text).not.toContain(KEY);
      return Object.values(RecordingSchema.parse(JSON.parse(text)).scopes).flat();
    });
    const turns = exchanges.filter((e) => /^\/v1beta\/models\/[^/]+:(stream)?[gG]enerateContent/.test(e.path));
    expect(turns.length).toBeGreaterThanOrEqual(4);
    // Every request the model server answered went through the recorder.
    expect(exchanges).toHaveLength(upstream.requests.length);
  });

  it('refuses to record gemini where its calls would bypass the recorder: on Vertex AI, or a Google login', async () => {
    const vertex = captureIO(dir, {
      PATH: process.env.PATH,
      GEMINI_API_KEY: KEY,
      GOOGLE_GENAI_USE_VERTEXAI: 'true',
      GOOGLE_CLOUD_PROJECT: 'a-project',
      GOOGLE_CLOUD_LOCATION: 'us-central1',
    });
    expect(await main(['run', 'pirate', ...engineArgs, '--record', '--out', 'recorded-vertex'], vertex)).toBe(2);
    expect(vertex.err()).toContain('--record cannot redirect engine gemini-cli: GOOGLE_GENAI_USE_VERTEXAI=true');
    const login = captureIO(dir, { PATH: process.env.PATH });
    expect(await main(['run', 'pirate', ...engineArgs, '--record', '--out', 'recorded-login'], login)).toBe(2);
    expect(login.err()).toContain('without GEMINI_API_KEY it runs on a "Login with Google"');
  });

  it('replays to the same verdicts, offline, with no key', () => {
    expect([...replayed.keys()].sort(), replayErr).toEqual([...recorded.keys()].sort());
    for (const [id, result] of recorded) expect(verdictOf(replayed.get(id)!), id).toEqual(verdictOf(result));
    expect(replayCode).toBe(recordCode);
  });
});
