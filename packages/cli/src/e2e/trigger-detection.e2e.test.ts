import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CaseResult, CaseSchema, type Engine, SuiteSchema } from '@skill-eval/core';
import anthropicPlugin from '@skill-eval/engine-anthropic';
import claudePlugin from '@skill-eval/engine-claude-code';
import { runSuites } from '@skill-eval/runner';
import { type FakeModelServer, type FakeResponse, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAUDE_BIN } from '../test-support/paths.js';
import { processesWithEnv } from '../test-support/processes.js';

// Trigger evals on the real claude binary (and the anthropic API engine) against the fake model server: the trigger
// rate of a query scripted to fire in 2 of 3 runs, and first-tool mode stopping each run at its first tool call.

const RATE = 'RATE-QUERY: turn this into a pirate greeting';
const DEEP = 'DEEP-QUERY: greet the crew and save it';
const skillCall: FakeResponse = { toolCalls: [{ name: 'Skill', input: { skill: 'pirate' } }] };
const script = {
  conversations: [
    {
      id: 'rate',
      match: { user: 'RATE-QUERY', tools: true },
      cycle: [[skillCall, { text: 'Ahoy!' }], [skillCall, { text: 'Ahoy!' }], [{ text: 'Hello there.' }]],
    },
    {
      id: 'deep',
      match: { user: 'DEEP-QUERY', tools: true },
      responses: [
        skillCall,
        // Held: a run stopped at its first tool call is killed while it waits for this answer, however slow the
        // machine (claude reached the third request before the kill landed under a full test run's load).
        {
          toolCalls: [{ name: 'Read', input: { file_path: '{{cwd}}/.claude/skills/pirate/SKILL.md' } }],
          delayMs: 3000,
        },
        { toolCalls: [{ name: 'Write', input: { file_path: '{{cwd}}/ahoy.txt', content: 'Ahoy, crew!\n' } }] },
        { text: 'Saved ahoy.txt.' },
      ],
    },
  ],
};

describe('trigger detection end to end', () => {
  let server: FakeModelServer;
  let dir: string;
  let skillDir: string;
  const tag = randomUUID();
  let env: Record<string, string | undefined>;

  const engines: Record<string, () => Engine> = {
    'claude-code': () => claudePlugin.create(claudePlugin.parseSettings({ path: CLAUDE_BIN })),
    anthropic: () => anthropicPlugin.create(anthropicPlugin.parseSettings({})),
  };

  /** Runs one trigger case on one engine, on a fresh script (so cycles count from run 1); results by run. */
  async function run(engine: string, prompt: string, runs: number, triggerDetection: 'any-tool' | 'first-tool') {
    server.setScript(script);
    const before = server.requests.length;
    const testCase = CaseSchema.parse({
      id: 'q',
      name: prompt,
      kind: 'trigger',
      turns: [prompt],
      shouldTrigger: true,
      runs,
      skills: [{ name: 'pirate', dir: skillDir }],
      source: { file: join(dir, 'triggers.json'), format: 'triggers-json' },
    });
    const file = testCase.source.file;
    const suite = SuiteSchema.parse({ id: 'triggers.json', name: 'pirate', file, format: 'x', cases: [testCase] });
    const { results, summary } = await runSuites({
      suites: [suite],
      engines: [{ id: engine, engine: engines[engine]!() }],
      outDir: join(dir, `out-${engine}-${triggerDetection}-${runs}`),
      tempDir: dir,
      concurrency: 1,
      env,
      triggerDetection,
      timeoutSeconds: 60,
    });
    const requests = server.requests.slice(before).filter((r) => r.conversation !== undefined);
    return { results: results.sort((a: CaseResult, b: CaseResult) => a.run - b.run), requests, summary };
  }

  beforeAll(async () => {
    server = await startFakeModelServer(script);
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-trigger-e2e-'));
    skillDir = join(dir, 'pirate');
    mkdirSync(skillDir);
    writeFileSync(
      join(skillDir, 'SKILL.md'),
      '---\nname: pirate\ndescription: Greets like a pirate.\n---\nSay Ahoy.\n',
    );
    env = {
      PATH: process.env.PATH,
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'test-key-for-the-fake-server',
      SKILL_EVAL_E2E_TAG: tag, // allowlisted into every child, so leftover processes can be found
    };
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['claude-code', 'anthropic'])(
    '%s: a query scripted to call Skill in 2 of 3 runs fires in runs 1 and 2: rate 0.667, passes as should-trigger',
    async (engine) => {
      const { results, requests, summary } = await run(engine, RATE, 3, 'any-tool');
      expect(results.map((r) => r.triggered)).toEqual([true, true, false]);
      expect(summary.cases).toMatchObject([
        { status: 'passed', trigger: { triggers: 2, rate: 0.667, threshold: 0.5 } },
      ]);
      expect(results.map((r) => r.status)).toEqual(['passed', 'passed', 'failed']);
      // Each run followed its own list of the cycle: two requests for the runs that called the skill, one without.
      expect(requests.map((r) => [r.cycle, r.step])).toEqual([
        [0, 0],
        [0, 1],
        [1, 0],
        [1, 1],
        [2, 0],
      ]);
    },
    120_000,
  );

  it.each(['claude-code', 'anthropic'])(
    '%s: first-tool mode stops each run at its first tool call, with fewer model requests than any-tool',
    async (engine) => {
      const full = await run(engine, DEEP, 1, 'any-tool');
      expect(full.results[0]).toMatchObject({ status: 'passed', triggered: true, session: { stoppedEarly: false } });
      expect(full.requests.map((r) => r.step)).toEqual([0, 1, 2, 3]);

      const early = await run(engine, DEEP, 2, 'first-tool');
      for (const result of early.results) {
        expect(result).toMatchObject({ status: 'passed', triggered: true, session: { stoppedEarly: true } });
        expect(result.session?.toolCalls.map((call) => call.name)).toEqual(['Skill']);
        expect(result.checks[0]?.evidence).toContain('first tool call: Skill');
      }
      const perRun = early.requests.length / early.results.length;
      expect(perRun).toBeLessThan(full.requests.length);
      // Never past the request that carries the Skill result, whose answer the model holds.
      expect(early.requests.every((r) => r.step! <= 1)).toBe(true);
      expect(processesWithEnv('SKILL_EVAL_E2E_TAG', tag)).toEqual([]);
    },
    120_000,
  );
});
