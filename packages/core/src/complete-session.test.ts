import { describe, expect, it } from 'vitest';
import { completeSession } from './complete-session.js';

const events = [
  { type: 'message', role: 'user', text: 'Go' },
  { type: 'tool-call', id: 't1', name: 'Skill', input: { skill: 'pdf' } },
  { type: 'tool-result', id: 't1', output: 'Launching skill: pdf' },
  { type: 'skill', name: 'pdf', via: 'tool' },
  { type: 'message', role: 'assistant', text: 'Done.' },
] as const;

describe('completeSession', () => {
  it('fills the defaults of a session that gives only its status and engine', () => {
    expect(completeSession({ status: 'completed', engineId: 'mine' })).toEqual({
      ok: true,
      session: expect.objectContaining({
        finalMessage: '',
        exitCode: null,
        events: [],
        toolCalls: [],
        skillsInvoked: [],
        usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 },
        stoppedEarly: false,
        warnings: [],
      }),
    });
  });

  it('takes tool calls and skills from the events when the engine lists none', () => {
    const completed = completeSession({ status: 'completed', engineId: 'mine', events });
    expect(completed.ok && completed.session.toolCalls).toEqual([
      { id: 't1', name: 'Skill', input: { skill: 'pdf' }, output: 'Launching skill: pdf', isError: false },
    ]);
    expect(completed.ok && completed.session.skillsInvoked).toEqual([{ name: 'pdf', via: 'tool' }]);
    expect(completed.ok && completed.session.warnings).toEqual([]);
  });

  it("keeps lists that contradict the events, and warns (an engine's plain-string warning read as kind engine)", () => {
    const completed = completeSession({
      status: 'completed',
      engineId: 'mine',
      events,
      toolCalls: [{ id: 'x', name: 'Write', input: {} }],
      skillsInvoked: [{ name: 'docx', via: 'file-read' }],
      warnings: ['own'],
    });
    expect(completed.ok && completed.session.toolCalls.map((c) => c.name)).toEqual(['Write']);
    expect(completed.ok && completed.session.warnings).toEqual([
      { kind: 'engine', message: 'own' },
      {
        kind: 'session',
        message:
          "The engine's tool calls (Write) disagree with those in its events (Skill); the checks use its tool calls.",
      },
      {
        kind: 'session',
        message:
          "The engine's skills invoked (docx) disagree with those in its events (pdf); the checks use its skills invoked.",
      },
    ]);
  });

  it('names what makes a session unusable', () => {
    expect(completeSession({ status: 'done', engineId: 'mine' })).toEqual({
      ok: false,
      problem: expect.stringContaining('status: Invalid option'),
    });
    expect(completeSession(undefined)).toEqual({ ok: false, problem: expect.stringContaining('session:') });
  });
});
