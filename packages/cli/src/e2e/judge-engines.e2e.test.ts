import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseResult } from '@skill-eval/core';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { writeCrewSkill } from '../test-support/crew-skill.js';
import { CLAUDE_BIN, CODEX_BIN } from '../test-support/paths.js';
import { readResults } from '../test-support/run-output.js';

const verdict = (passed: boolean) =>
  JSON.stringify({ criteria: [{ id: 1, passed, evidence: 'Ahoy, crew!', reasoning: 'It greets.' }] });

/**
 * Any engine can judge: claude-code through its completion mode, codex (which has none) by running the judge
 * prompt as a one-turn task — so a user with an agent CLI and no API key can still grade rubric criteria.
 */
describe.each([
  ['claude-code', ['--ek', `claude-code.path=${CLAUDE_BIN}`]],
  ['codex', ['--ek', `codex.path=${CODEX_BIN}`]],
])('--judge %s', (judgeEngine, judgeArgs) => {
  let server: FakeModelServer;
  let dir: string;
  let code: number;
  let results: CaseResult[];

  beforeAll(async () => {
    server = await startFakeModelServer({
      conversations: [
        // Criteria appear only in judge prompts, which also quote the agent's prompt: judges are matched first.
        { id: 'judge-yes', match: { user: 'The reply greets the crew' }, responses: [{ text: verdict(true) }] },
        { id: 'judge-no', match: { user: 'The reply speaks French' }, responses: [{ text: verdict(false) }] },
        { id: 'agent', match: { user: 'Greet the crew' }, responses: [{ text: 'Ahoy, crew!' }] },
      ],
    });
    const env = {
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'test-key-anthropic',
      OPENAI_BASE_URL: `${server.url}/v1`,
      OPENAI_API_KEY: 'test-key-openai',
    };
    dir = writeCrewSkill('skill-eval-judge-engines-', [
      { id: 1, prompt: 'Greet the crew, please.', assertions: ['The reply greets the crew'] },
      { id: 2, prompt: 'Greet the crew in French.', assertions: ['The reply speaks French'] },
    ]);
    const io = captureIO(dir, { PATH: process.env.PATH, ...env });
    const args = ['run', 'crew', '--engine', 'anthropic', '--judge', judgeEngine, ...judgeArgs, '--out', 'out'];
    code = await main(args, io);
    results = readResults(join(dir, 'out')).sort((a, b) => a.caseId.localeCompare(b.caseId));
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('grades each case by the judge engine, recorded on the result', () => {
    expect(results.map((r) => [r.caseId, r.status])).toEqual([
      ['1', 'passed'],
      ['2', 'failed'],
    ]);
    for (const result of results) expect(result.judge).toMatchObject({ engine: judgeEngine });
    expect(results[0]!.checks[0]!.evidence).toContain('Ahoy, crew!');
    expect(code).toBe(1);
  });

  it('sent the judge prompt to the model once per case', () => {
    const judged = server.requests.filter((r) => r.conversation?.startsWith('judge'));
    expect(judged.map((r) => r.conversation).sort()).toEqual(['judge-no', 'judge-yes']);
  });
});
