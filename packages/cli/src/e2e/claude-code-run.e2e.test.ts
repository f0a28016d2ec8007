import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult, RunSummary } from '@skill-eval/core';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { CLAUDE_BIN } from '../test-support/paths.js';
import { processesWithEnv } from '../test-support/processes.js';
import { readSummary, resultsByCase } from '../test-support/run-output.js';

const JUDGE = 'You grade the work of an AI agent';
const verdict = (passed: boolean) =>
  JSON.stringify({
    criteria: [{ id: 1, passed, evidence: 'Ahoy, matey!', reasoning: passed ? 'It is there.' : 'It is not.' }],
  });
const skillThenWrite = [
  { toolCalls: [{ name: 'Skill', input: { skill: 'pirate' } }] },
  { toolCalls: [{ name: 'Write', input: { file_path: '{{cwd}}/ahoy.txt', content: 'Ahoy, matey!\n' } }] },
  { text: 'Ahoy, matey! Saved to ahoy.txt.' },
];

const evals = {
  skill_name: 'pirate',
  evals: [
    {
      id: 'pass',
      prompt: 'Greet me and write ahoy.txt (will pass).',
      assertions: ['ahoy.txt holds a pirate greeting'],
    },
    { id: 'fail', prompt: 'Greet me and write ahoy.txt (judge says no).', assertions: ['ahoy.txt holds a haiku'] },
    { id: 'unauthorized', prompt: 'Greet me (server says 401).', assertions: ['a greeting'] },
    { id: 'hang', prompt: 'Greet me (server hangs).', assertions: ['a greeting'], timeout: 4 },
  ],
};

describe('skill-eval run on the real claude binary against the fake model server', () => {
  let server: FakeModelServer;
  let dir: string;
  const tag = randomUUID();
  let code: number;
  let results: Map<string, CaseResult>;
  let summary: RunSummary;
  let stdout: string;
  const saved = { base: process.env.ANTHROPIC_BASE_URL, key: process.env.ANTHROPIC_API_KEY };

  beforeAll(async () => {
    server = await startFakeModelServer({
      conversations: [
        { id: 'judge-pass', match: { system: JUDGE, user: 'will pass' }, responses: [{ text: verdict(true) }] },
        { id: 'judge-fail', match: { system: JUDGE, user: 'judge says no' }, responses: [{ text: verdict(false) }] },
        { id: 'pass', match: { user: 'will pass', tools: true }, responses: skillThenWrite },
        { id: 'fail', match: { user: 'judge says no', tools: true }, responses: skillThenWrite },
        {
          id: '401',
          match: { user: 'server says 401' },
          responses: [{ error: { status: 401, message: 'invalid x-api-key' } }],
        },
        { id: 'hang', match: { user: 'server hangs' }, responses: [{ hang: true }] },
      ],
    });
    // The judge (engine-anthropic's complete()) reads the endpoint from the process environment.
    process.env.ANTHROPIC_BASE_URL = server.url;
    process.env.ANTHROPIC_API_KEY = 'test-key-for-the-fake-server';

    dir = mkdtempSync(join(tmpdir(), 'skill-eval-cli-e2e-'));
    mkdirSync(join(dir, 'pirate', 'evals'), { recursive: true });
    writeFileSync(
      join(dir, 'pirate', 'SKILL.md'),
      '---\nname: pirate\ndescription: Greets like a pirate.\n---\nSay Ahoy.\n',
    );
    writeFileSync(join(dir, 'pirate', 'evals', 'evals.json'), JSON.stringify(evals, null, 2));

    const io = captureIO(dir, {
      PATH: process.env.PATH,
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'test-key-for-the-fake-server',
      SKILL_EVAL_E2E_TAG: tag, // allowlisted into every child, so leftover processes can be found
    });
    code = await main(
      [
        'run',
        'pirate',
        '--engine',
        'claude-code',
        '--ek',
        `path=${CLAUDE_BIN}`,
        '--judge',
        'anthropic',
        '--out',
        'out',
        '-j',
        '4',
      ],
      io,
    );
    stdout = io.out();
    if (!existsSync(join(dir, 'out', 'results.jsonl'))) throw new Error(`run failed (${code}): ${io.err()}`);
    results = resultsByCase(join(dir, 'out'));
    summary = readSummary(join(dir, 'out'));
  }, 90_000);

  afterAll(async () => {
    process.env.ANTHROPIC_BASE_URL = saved.base;
    process.env.ANTHROPIC_API_KEY = saved.key;
    if (saved.base === undefined) delete process.env.ANTHROPIC_BASE_URL;
    if (saved.key === undefined) delete process.env.ANTHROPIC_API_KEY;
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes when the model calls the Skill tool, writes the file and the judge agrees', () => {
    const result = results.get('pass')!;
    expect(result.status).toBe('passed');
    expect(result.session?.skillsInvoked).toEqual([{ name: 'pirate', via: 'tool' }]);
    const write = result.session?.toolCalls.find((call) => call.name === 'Write');
    expect(write?.isError).toBe(false);
    expect(write?.output).toMatch(/ahoy\.txt/);
    expect(result.judge).toMatchObject({ engine: 'anthropic' });
    expect(result.checks[0]).toMatchObject({
      type: 'llm-rubric',
      passed: true,
      evidence: expect.stringContaining('Ahoy, matey!'),
    });
    const transcript = JSON.parse(readFileSync(join(dir, 'out', result.transcriptFile!), 'utf8'));
    expect(transcript.events.some((e: { type: string }) => e.type === 'tool-result')).toBe(true);
  });

  it('fails when the judge says the criterion is not met', () => {
    const result = results.get('fail')!;
    expect(result.status).toBe('failed');
    expect(result.checks[0]).toMatchObject({ passed: false, errored: false });
  });

  it('is an error, not a failure, when the model server answers 401', () => {
    const result = results.get('unauthorized')!;
    expect(result.status).toBe('error');
    expect(result.error?.message).toMatch(/invalid api key/i); // claude words the 401 this way
    expect(server.requests.filter((r) => r.conversation === '401')).toHaveLength(1); // no retries
  });

  it('times out a hanging model and leaves no process behind', () => {
    const result = results.get('hang')!;
    expect(result.status).toBe('error');
    expect(result.error?.code).toBe('TIMEOUT');
    expect(result.durationMs).toBeGreaterThanOrEqual(3_500);
    expect(result.durationMs).toBeLessThan(15_000);
    expect(processesWithEnv('SKILL_EVAL_E2E_TAG', tag)).toEqual([]);
  });

  it('writes one result line per execution, a summary, and exits 1', () => {
    expect(results.size).toBe(4);
    expect(summary.totals).toMatchObject({ executions: 4, passed: 1, failed: 1, errors: 2 });
    expect(code).toBe(1);
    expect(stdout).toContain('4 executions · 1 passed · 1 failed · 2 errors');
    expect(existsSync(join(dir, 'out', 'artifacts'))).toBe(true);
    expect(readFileSync(join(dir, 'out', 'results.jsonl'), 'utf8')).not.toContain('test-key-for-the-fake-server');
  });
});
