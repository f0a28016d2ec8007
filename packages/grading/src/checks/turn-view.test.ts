import { type Check, normalizeCheck, type SessionEvent, summarizeEvents } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { runCheck } from './run-check.js';
import { sessionForTurn } from './turn-view.js';

const events: SessionEvent[] = [
  { type: 'message', role: 'system', text: 'be brief' },
  { type: 'message', role: 'user', text: 'Write a haiku about rain' },
  { type: 'message', role: 'assistant', text: 'Let me look at your notes.' },
  { type: 'tool-call', id: 'r1', name: 'Read', input: { file_path: 'notes.md' } },
  { type: 'tool-result', id: 'r1', output: 'grey skies', isError: false },
  { type: 'skill', name: 'poetry', via: 'tool' },
  { type: 'message', role: 'assistant', text: 'Rain on the tin roof' },
  { type: 'message', role: 'user', text: 'Now save it to haiku.txt' },
  { type: 'tool-call', id: 'w1', name: 'Write', input: { file_path: 'haiku.txt', content: 'Rain on the tin roof' } },
  { type: 'tool-result', id: 'w1', output: 'ok', isError: false },
  { type: 'message', role: 'assistant', text: 'Saved to haiku.txt' },
  { type: 'message', role: 'user', text: 'Thanks' },
];

const session = makeSession({
  events,
  finalMessage: 'Saved to haiku.txt',
  ...summarizeEvents(events),
  usage: { inputTokens: 10, outputTokens: 5 },
  turns: 4,
});

describe('sessionForTurn', () => {
  it('narrows events, final answer, tool calls and skills to the turn; keeps run-wide measures', () => {
    const first = sessionForTurn(session, 1)!;
    expect(first.events).toEqual(events.slice(1, 7));
    expect(first.finalMessage).toBe('Rain on the tin roof');
    expect(first.toolCalls).toEqual([
      { id: 'r1', name: 'Read', input: { file_path: 'notes.md' }, output: 'grey skies', isError: false },
    ]);
    expect(first.skillsInvoked).toEqual([{ name: 'poetry', via: 'tool' }]);
    expect([first.usage.inputTokens, first.turns, first.engineId]).toEqual([10, 4, 'fake']);

    const second = sessionForTurn(session, 2)!;
    expect(second.events).toEqual(events.slice(7, 11));
    expect(second.finalMessage).toBe('Saved to haiku.txt');
    expect(second.toolCalls.map((c) => [c.name, c.output])).toEqual([['Write', 'ok']]);
    expect(second.skillsInvoked).toEqual([]);
  });

  it('a turn the agent never answered has an empty final answer', () => {
    const third = sessionForTurn(session, 3)!;
    expect(third.events).toEqual([{ type: 'message', role: 'user', text: 'Thanks' }]);
    expect([third.finalMessage, third.toolCalls]).toEqual(['', []]);
  });

  it('a turn beyond the conversation is none', () => {
    expect(sessionForTurn(session, 4)).toBeUndefined();
    expect(sessionForTurn(makeSession({ events: [] }), 1)).toBeUndefined();
  });
});

const grade = (check: Check) =>
  runCheck(normalizeCheck(check), 'check', { testCase: makeCase(), session, workspace: '/nonexistent' });

describe('checks with a turn grade only that turn', () => {
  it.each<[Check, boolean, string]>([
    [{ type: 'contains', value: 'tin roof', turn: 1 }, true, 'turn 1: found "tin roof"'],
    [{ type: 'contains', value: 'tin roof', turn: 2 }, false, 'turn 2: '],
    [{ type: 'contains', value: 'tin roof' }, false, '"Saved to haiku.txt"'], // no turn: the last answer
    [{ type: 'contains-all', value: ['Saved', 'haiku.txt'], turn: 2 }, true, 'turn 2: found all'],
    [{ type: 'contains-all', value: ['Saved', 'haiku.txt'], turn: 1 }, false, 'turn 1: missing ["Saved","haiku.txt"]'],
    [{ type: 'contains-any', value: ['Rain'], turn: 2, negate: true }, true, 'turn 2: none of ["Rain"]'],
    [{ type: 'not-contains-any', value: ['Rain'], turn: 1 }, false, 'turn 1: found "Rain"'],
    [{ type: 'contains', value: 'x', turn: 3 }, false, 'turn 3: '],
    [{ type: 'tool-called', value: 'Write', turn: 1 }, false, 'turn 1: "Write" was not called; tools called: Read'],
    [{ type: 'tool-called', value: 'Write', turn: 2 }, true, 'turn 2: "Write" was called once'],
    [{ type: 'tool-called', value: 'Write', args: { file_path: 'haiku.txt' }, turn: 2 }, true, 'turn 2: "Write" was'],
    [{ type: 'tool-called', value: 'Read', turn: 2 }, false, 'turn 2: "Read" was not called; tools called: Write'],
    [{ type: 'tool-called', value: 'Read' }, true, '"Read" was called once'],
    [{ type: 'tool-not-called', value: 'Write', turn: 1 }, true, 'turn 1: "Write" was not called'],
    [{ type: 'tool-not-called', value: 'Write', turn: 2 }, false, 'turn 2: "Write" was called once'],
    [{ type: 'skill-used', value: 'poetry', turn: 1 }, true, 'turn 1: skill "poetry" used'],
    [{ type: 'skill-used', value: 'poetry', turn: 2 }, false, 'turn 2: skill "poetry" not used'],
    [{ type: 'tool-trajectory', tools: ['Write'], mode: 'exact', turn: 2 }, true, 'turn 2: exact ["Write"] held'],
  ])('%j → %s', async (check, passed, evidence) => {
    const { verdict, error } = await grade(check);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.evidence).toContain(evidence);
  });

  it.each<Check>([
    { type: 'contains', value: 'x', turn: 4 },
    { type: 'contains', value: 'x', turn: 4, negate: true },
  ])('%j, of a turn the run never reached, fails as skill-up fails it', async (check) => {
    const { verdict, error } = await grade(check);
    expect(error).toBeUndefined();
    expect(verdict).toMatchObject({ passed: false, evidence: 'turn 4 does not exist: the run had 3 turns' });
  });

  it.each<[Check, string]>([
    [{ type: 'contains', value: 'x', turn: 0 }, 'has turn 0'],
    [{ type: 'contains', value: 'x', turn: 1.5 }, 'has turn 1.5'],
    [{ type: 'tool-called', value: 'Write', turn: '2' }, 'has turn "2"'],
  ])('%j is errored', async (check, message) => {
    const { verdict, error } = await grade(check);
    expect(verdict.errored).toBe(true);
    expect(verdict.passed).toBe(false);
    expect(error?.code).toBe('BAD_INPUT');
    expect(error?.message).toContain(message);
  });
});
