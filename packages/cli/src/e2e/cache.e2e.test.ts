import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult, RunSummary } from '@skill-eval/core';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { CLAUDE_BIN } from '../test-support/paths.js';
import { processesWithEnv } from '../test-support/processes.js';

const PROMPTS = ['first', 'second', 'third', 'fourth'];
const JUDGE = 'You grade the work of an AI agent';
const verdict = JSON.stringify({
  criteria: [{ id: 1, passed: true, evidence: 'Ahoy, matey!', reasoning: 'It greets like a pirate.' }],
});
const skillThenAnswer = [{ toolCalls: [{ name: 'Skill', input: { skill: 'pirate' } }] }, { text: 'Ahoy, matey!' }];
const evals = {
  skill_name: 'pirate',
  evals: PROMPTS.map((p) => ({ id: p, prompt: `Greet me, ${p} mate.`, assertions: ['a pirate greeting'] })),
};

interface Run {
  code: number;
  results: CaseResult[];
  summary: RunSummary;
  requests: number;
  stderr: string;
}

describe('skill-eval run reuses cached results on the real claude binary', () => {
  let server: FakeModelServer;
  let dir: string;
  const tag = randomUUID();
  let runs = 0;
  let first: Run;
  let second: Run;
  const saved = { base: process.env.ANTHROPIC_BASE_URL, key: process.env.ANTHROPIC_API_KEY };

  const run = (...extra: string[]): Promise<Run> => runIn(dir, ...extra);
  /** A run from `cwd`, where the `pirate` skill is. */
  const runIn = async (cwd: string, ...extra: string[]): Promise<Run> => {
    const out = `out${++runs}`;
    const io = captureIO(cwd, {
      PATH: process.env.PATH,
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'test-key-for-the-fake-server',
      SKILL_EVAL_E2E_TAG: tag,
    });
    // The judge (engine-anthropic's complete()) reads the endpoint from the process environment.
    process.env.ANTHROPIC_BASE_URL = server.url;
    process.env.ANTHROPIC_API_KEY = 'test-key-for-the-fake-server';
    const before = server.requests.length;
    const code = await main(
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
        out,
        '-j',
        '2',
        ...extra,
      ],
      io,
    );
    const text = (file: string) => readFileSync(join(cwd, out, file), 'utf8');
    return {
      code,
      results: text('results.jsonl')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as CaseResult),
      summary: JSON.parse(text('summary.json')) as RunSummary,
      requests: server.requests.length - before,
      stderr: io.err(),
    };
  };

  beforeAll(async () => {
    server = await startFakeModelServer({
      conversations: [
        { id: 'judge', match: { system: JUDGE }, responses: [{ text: verdict }] },
        ...PROMPTS.map((p) => ({ id: p, match: { user: `${p} mate`, tools: true }, responses: skillThenAnswer })),
      ],
      fallback: { text: 'Ahoy.' },
    });
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-cache-e2e-'));
    mkdirSync(join(dir, 'pirate', 'evals'), { recursive: true });
    writeFileSync(
      join(dir, 'pirate', 'SKILL.md'),
      '---\nname: pirate\ndescription: Greets like a pirate.\n---\nSay Ahoy.\n',
    );
    writeFileSync(join(dir, 'pirate', 'evals', 'evals.json'), JSON.stringify(evals, null, 2));
    first = await run();
    second = await run();
  }, 120_000);

  afterAll(async () => {
    process.env.ANTHROPIC_BASE_URL = saved.base;
    process.env.ANTHROPIC_API_KEY = saved.key;
    if (saved.base === undefined) delete process.env.ANTHROPIC_BASE_URL;
    if (saved.key === undefined) delete process.env.ANTHROPIC_API_KEY;
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs every case the first time and reuses every result the second time, starting no agent', () => {
    expect(first.code, first.stderr).toBe(0);
    expect(first.results.map((r) => r.cached)).toEqual([false, false, false, false]);
    expect(first.requests).toBeGreaterThanOrEqual(PROMPTS.length * 2);

    expect(second.code, second.stderr).toBe(0);
    expect(second.results.map((r) => [r.cached, r.status])).toEqual(PROMPTS.map(() => [true, 'passed']));
    expect(second.requests).toBe(0); // no claude process ran, so no model request was made
    expect(second.summary.totals.usage).toMatchObject({ inputTokens: 0, outputTokens: 0 });
    expect(second.summary.totals.costUsd).toBe(0);
    expect(second.results[0]!.cachedFrom?.usage.inputTokens).toBeGreaterThan(0);
    const transcript = JSON.parse(readFileSync(join(dir, 'out2', second.results[0]!.transcriptFile!), 'utf8'));
    expect(transcript.events.length).toBeGreaterThan(0);
    expect(processesWithEnv('SKILL_EVAL_E2E_TAG', tag)).toEqual([]);
  });

  it('reuses every result in a copy of the project elsewhere that shares the cache', async () => {
    const copy = join(dir, 'another-checkout');
    cpSync(join(dir, 'pirate'), join(copy, 'pirate'), { recursive: true });
    const moved = await runIn(copy, '--cache-dir', join(dir, '.skill-eval', 'cache'));
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.results.map((r) => [r.cached, r.status])).toEqual(PROMPTS.map(() => [true, 'passed']));
    expect(moved.requests).toBe(0);
  }, 120_000);

  it('runs everything again when one byte of SKILL.md changes, and with --no-cache', async () => {
    writeFileSync(
      join(dir, 'pirate', 'SKILL.md'),
      '---\nname: pirate\ndescription: Greets like a pirate.\n---\nSay Ahoy!\n',
    );
    const edited = await run();
    expect(edited.results.map((r) => r.cached)).toEqual([false, false, false, false]);
    expect(edited.requests).toBeGreaterThanOrEqual(PROMPTS.length * 2);
    const uncached = await run('--no-cache');
    expect(uncached.results.map((r) => r.cached)).toEqual([false, false, false, false]);
    expect((await run()).results.every((r) => r.cached)).toBe(true);
  }, 120_000);
});
