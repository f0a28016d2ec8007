import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseResult, RunSummary } from '@skill-eval/core';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { PASSING_VERDICT, writeCrewSkill } from '../test-support/crew-skill.js';
import { CLAUDE_BIN, CODEX_BIN } from '../test-support/paths.js';
import { readResults, readSummary } from '../test-support/run-output.js';

const ENGINES = ['claude-code', 'codex', 'anthropic', 'openai'];

describe('one evals.json suite on four engines at once', () => {
  let server: FakeModelServer;
  let dir: string;
  let code: number;
  let stdout: string;
  let results: CaseResult[];
  let summary: RunSummary;
  const saved = { ...process.env };

  beforeAll(async () => {
    server = await startFakeModelServer({
      conversations: [
        { id: 'judge', match: { system: 'You grade the work of an AI agent' }, responses: [{ text: PASSING_VERDICT }] },
        { id: 'agent', match: { user: 'Greet the crew' }, responses: [{ text: 'Ahoy, crew!' }] },
      ],
    });
    const env = {
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'test-key-anthropic',
      OPENAI_BASE_URL: `${server.url}/v1`,
      OPENAI_API_KEY: 'test-key-openai',
    };
    Object.assign(process.env, env); // the judge reads its endpoint from the process environment
    dir = writeCrewSkill('skill-eval-matrix-', [
      { id: 1, prompt: 'Greet the crew, please.', assertions: ['The reply greets the crew'] },
      { id: 2, prompt: 'Greet the crew again.', assertions: ['The reply greets the crew'] },
    ]);
    const io = captureIO(dir, { PATH: process.env.PATH, ...env });
    const engineArgs = ENGINES.flatMap((e) => ['--engine', e]);
    code = await main(
      [
        'run',
        'crew',
        ...engineArgs,
        '--ek',
        `claude-code.path=${CLAUDE_BIN}`,
        '--ek',
        `codex.path=${CODEX_BIN}`,
        '--out',
        'out',
      ],
      io,
    );
    stdout = io.out();
    results = readResults(join(dir, 'out'));
    summary = readSummary(join(dir, 'out'));
  }, 120_000);

  afterAll(async () => {
    process.env = saved;
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('yields one passing result per case per engine', () => {
    expect(code).toBe(0);
    expect(results.map((r) => `${r.engine}/${r.caseId}`).sort()).toEqual(
      ENGINES.flatMap((e) => [`${e}/1`, `${e}/2`]).sort(),
    );
    expect(results.every((r) => r.status === 'passed')).toBe(true);
  });

  it('records engine, engine version, plugin package version and skill-eval version on every result', () => {
    for (const r of results) {
      expect(r.engineVersion, r.engine).toMatch(/^\d+\.\d+/);
      expect(r.enginePackageVersion, r.engine).toMatch(/^\d+\.\d+\.\d+/);
      expect(r.harnessVersion).toMatch(/^\d+\.\d+\.\d+/);
    }
    expect(results.find((r) => r.engine === 'claude-code')?.engineVersion).toBe('2.1.330');
    expect(results.find((r) => r.engine === 'codex')?.engineVersion).toBe('0.169.0');
  });

  it('summarises the engines side by side', () => {
    expect(summary.groups.map((g) => [g.engine, g.executions, g.passed])).toEqual(
      expect.arrayContaining(ENGINES.map((e) => [e, 2, 2])),
    );
    for (const engine of ENGINES) expect(stdout).toMatch(new RegExp(`${engine} with_skill: 2/2 passed \\(100%\\)`));
  });
});
