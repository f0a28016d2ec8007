import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompletionRequest, EngineRunInput, SessionEvent } from '@skill-eval/core';
import type { Judge } from '@skill-eval/grading';
import { describe, expect, it } from 'vitest';
import { makeCase, useTempDir } from './test-support/fixtures.js';
import { runOne } from './test-support/run-one.js';
import { parseDecision, type ResponsePolicy, simulatorPrompt, simulatorRequest } from './user-simulator.js';

let dir = '';
useTempDir('user-simulator-', (made) => {
  dir = made;
});

describe("skill-up's user simulator decision (internal/usersimulator/simulator.go ParseDecision)", () => {
  // The table of skill-up's own TestParseDecision (internal/usersimulator/simulator_test.go), then the fence the
  // anthropic revision accepts (simulator.go:163-170) and Go's case-insensitive field names.
  it.each<[string, string, ResponsePolicy, boolean]>([
    ['reply', '{"action":"reply","message":"staging"}', 'must_reply', true],
    ['stop', '{"action":"stop","reason":"goal reached"}', 'may_stop', true],
    ['stop in fixed turn', '{"action":"stop","reason":"goal reached"}', 'must_reply', false],
    ['empty reply', '{"action":"reply","message":" "}', 'may_stop', false],
    ['extra field', '{"action":"reply","message":"yes","permission":"deploy"}', 'may_stop', false],
    ['trailing JSON', '{"action":"reply","message":"yes"}{}', 'may_stop', false],
    ['reply with a reason', '{"action":"reply","message":"yes","reason":"r"}', 'may_stop', false],
    ['unknown action', '{"action":"wait"}', 'may_stop', false],
    ['fenced', '```json\n{"action":"reply","message":"staging"}\n```', 'must_reply', true],
    ['Go matches field names case-insensitively', '{"Action":"reply","MESSAGE":"staging"}', 'must_reply', true],
  ])('%s', (_, raw, policy, valid) => {
    if (valid) expect(parseDecision(raw, policy).action).toMatch(/reply|stop/);
    else expect(() => parseDecision(raw, policy)).toThrow();
  });

  it("words the errors as skill-up does, which the case's error then quotes", () => {
    expect(() => parseDecision('{"action":"stop","reason":"done"}', 'must_reply')).toThrow(
      'user simulator stop is invalid for this turn',
    );
    expect(() => parseDecision('{"action":"reply","message":""}', 'may_stop')).toThrow(
      'user simulator reply requires message and no reason',
    );
  });
});

describe("skill-up's user simulator prompt (simulator.go:148-153)", () => {
  it('asks for a reply only on a respond turn, and allows a stop after an autonomous turn', () => {
    expect(simulatorPrompt('must_reply')).toMatch(/ Return action=reply with one non-empty message\.$/);
    expect(simulatorPrompt('may_stop')).toMatch(/Return action=stop when the user's goal is satisfied/);
    expect(simulatorPrompt('may_stop')).toMatch(/^You are a simulated user, not the agent under test\. /);
  });

  it('sends the conversation as Go marshals it: HTML characters escaped, an empty history as []', () => {
    expect(simulatorRequest('s', 'i', [])).toBe('Scenario:\ns\n\nCurrent instruction:\ni\n\nConversation (JSON):\n[]');
    expect(simulatorRequest('s', 'i', [{ user: 'a<b>&c', agent: 'x\u2028y' }])).toBe(
      'Scenario:\ns\n\nCurrent instruction:\ni\n\nConversation (JSON):\n[{"user":"a\\u003cb\\u003e\\u0026c","agent":"x\\u2028y"}]',
    );
  });
});

describe('a case whose user is simulated', () => {
  const simulated = makeCase({
    id: 'simulated',
    source: { file: '/evals/cases/c.yaml', line: 1, format: 'skill-up' },
    userSimulator: { scenario: 'staging', autonomous: true, maxTurns: 3 },
  });

  it('is an error at its file on an engine that cannot take turns one by one, before the agent starts', async () => {
    const { result, stats } = await runOne(dir, simulated);
    expect(result.status).toBe('error');
    expect(result.error?.code).toBe('BAD_INPUT');
    expect(result.error?.message).toMatch(
      /^\/evals\/cases\/c\.yaml:1: a model plays the user of this case .* engine fake cannot take a conversation's turns one by one/,
    );
    expect(stats.inputs).toHaveLength(0);
  });

  /** A judge answering the simulator's calls in order, recording each request. */
  const scriptedJudge = (answers: string[]) => {
    const requests: CompletionRequest[] = [];
    const judge: Judge = {
      engine: 'anthropic',
      complete: async (request) => {
        requests.push(request);
        return { text: answers.shift() ?? '', model: 'm', usage: {} as never };
      },
    };
    return { judge, requests };
  };
  /** An engine that answers each message with `answer <n>` and asks nextTurn until null, as a CLI engine does. */
  const converse = async (input: EngineRunInput) => {
    const events: SessionEvent[] = [];
    let next: { text: string; simulated: boolean } | null = { text: input.turns[0]!, simulated: false };
    for (let turn = 0; next; turn++) {
      events.push({ type: 'message', role: 'user', text: next.text, ...(next.simulated ? { simulated: true } : {}) });
      events.push({ type: 'message', role: 'assistant', text: `answer ${turn + 1}` });
      next = input.turns[turn + 1] !== undefined ? { text: input.turns[turn + 1]!, simulated: false } : null;
      next ??= (await input.nextTurn?.({ turn, finalMessage: `answer ${turn + 1}` })) ?? null;
    }
    return { status: 'completed' as const, finalMessage: 'done', events, engineId: 'fake' };
  };

  it('a respond turn first: the simulator writes the opening message, marked simulated, then the fixed turn follows', async () => {
    const { judge, requests } = scriptedJudge(['{"action":"reply","message":"Use staging"}']);
    const testCase = makeCase({
      id: 'respond-first',
      turns: ['Start the conversation', 'Now summarize'],
      checks: [{ type: 'contains', value: 'done' }],
      userSimulator: { scenario: 'staging', respond: [0], maxTurns: 2 },
    });
    const { result, stats } = await runOne(dir, testCase, { judge, nextTurn: true, script: converse });
    expect(result.status, JSON.stringify(result.error)).toBe('passed');
    // skill-up: TestGeneratedFirstTurnPopulatesReportedPrompt (internal/evaluator/user_simulator_test.go).
    expect(stats.inputs[0]!.turns).toEqual(['Use staging']);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.messages[0]!.content).toContain('Current instruction:\nStart the conversation');
    expect(requests[0]!.timeoutMs).toBe(30_000);
    const transcript = JSON.parse(readFileSync(join(dir, 'out', result.transcriptFile!), 'utf8'));
    expect(transcript.events.filter((e: SessionEvent) => e.type === 'message' && e.role === 'user')).toEqual([
      { type: 'message', role: 'user', text: 'Use staging', simulated: true },
      { type: 'message', role: 'user', text: 'Now summarize' },
    ]);
  });

  it('a simulator that fails on the opening message errs the case before the agent starts', async () => {
    const { judge } = scriptedJudge(['not json']);
    const testCase = makeCase({
      id: 'respond-broken',
      turns: ['Start'],
      userSimulator: { scenario: 'staging', respond: [0], maxTurns: 2 },
    });
    const { result, stats } = await runOne(dir, testCase, { judge, nextTurn: true, script: converse });
    expect(result.status).toBe('error');
    expect(result.error?.code).toBe('JUDGE_FAILED');
    expect(result.error?.message).toMatch(/^turn 1 user simulation: invalid user simulator decision/);
    expect(stats.inputs).toHaveLength(0);
  });
});
