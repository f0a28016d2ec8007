import { rmSync } from 'node:fs';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { PASSING_VERDICT, writeCrewSkill } from '../test-support/crew-skill.js';

/** `run --verbose` prints each engine event as it happens, under its execution, before the execution's result. */
describe('skill-eval run --verbose', () => {
  let server: FakeModelServer;
  let dir: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    server = await startFakeModelServer({
      conversations: [
        // The criterion appears only in judge prompts, which also quote the agent's prompt: matched first.
        { id: 'judge', match: { user: 'The reply greets the crew' }, responses: [{ text: PASSING_VERDICT }] },
        {
          id: 'agent',
          match: { user: 'Greet the crew' },
          responses: [{ toolCalls: [{ name: 'Skill', input: { skill: 'crew' } }] }, { text: 'Ahoy, crew!' }],
        },
      ],
    });
    // The judge's complete() reads its endpoint from the process environment.
    Object.assign(process.env, { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key' });
    dir = writeCrewSkill('skill-eval-verbose-', [
      { id: 1, prompt: 'Greet the crew.', assertions: ['The reply greets the crew'] },
    ]);
  });

  afterAll(async () => {
    process.env = saved;
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = async (engineArgs: string[], out: string, verbose = true) => {
    const env = { PATH: process.env.PATH, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key' };
    const io = captureIO(dir, env);
    const code = await main(['run', 'crew', ...engineArgs, '--out', out, ...(verbose ? ['--verbose'] : [])], io);
    return { code, out: io.out(), err: io.err() };
  };

  it('streams an API engine’s events as they happen, in order, before the result line', async () => {
    const { code, out, err } = await run(['--engine', 'anthropic'], 'out-api');
    expect(code, `${out}\n${err}`).toBe(0);
    const label = 'crew/evals/evals.json › 1 [anthropic] ›';
    const lines = [
      `  │ ${label} user: Greet the crew.`,
      `  │ ${label} tool Skill {"skill":"crew"}`,
      `  │ ${label} skill crew (tool)`,
      `  │ ${label} assistant: Ahoy, crew!`,
    ].map((line) => out.indexOf(line));
    expect(lines.every((at) => at >= 0)).toBe(true);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    expect(out.indexOf('✓ PASS crew/evals/evals.json › 1')).toBeGreaterThan(lines.at(-1)!);
  }, 60_000);

  it('shows the events of an engine that cannot stream once it returns', async () => {
    const { code, out, err } = await run(
      ['--engine', 'command', '--ek', 'command=echo Ahoy from the command'],
      'out-cmd',
    );
    expect(code, `${out}\n${err}`).toBe(0);
    expect(out).toMatch(/│ crew\/evals\/evals.json › 1 \[command\] › assistant: Ahoy from the command/);
  }, 60_000);

  it('prints no events without --verbose', async () => {
    const { out } = await run(['--engine', 'anthropic'], 'out-plain', false);
    expect(out).not.toContain('│');
  }, 60_000);
});
