import { CaseResultSchema } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { conformResult } from './conform-result.js';

const verdict = {
  type: 'contains',
  name: 'contains: done',
  weight: 1,
  required: false,
  gate: false,
  errored: false,
  passed: true,
  score: 1,
  evidence: 'found',
};
const session = {
  status: 'completed',
  exitCode: 0,
  finalMessage: 'done',
  events: [{ type: 'message', role: 'assistant', text: 'done' }],
  toolCalls: [],
  skillsInvoked: [],
  usage: { inputTokens: 1, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 },
  durationMs: 5,
  turns: 1,
  engineId: 'fake',
  stoppedEarly: false,
  warnings: [],
};
/** Fields as the runner puts them together: its own order, an undefined field, a session with its events. */
const fields = {
  status: 'passed',
  score: 1,
  checks: [verdict],
  executionId: 'e',
  suiteId: 's.yaml',
  caseId: 'c',
  caseName: 'c',
  kind: 'task',
  variant: 'with_skill',
  engine: 'fake',
  engineVersion: undefined,
  model: 'm',
  run: 1,
  session,
  startedAt: '2026-12-03T00:00:00.000Z',
  durationMs: 9,
};

describe('conformResult', () => {
  it('writes what CaseResultSchema.parse writes: its fields in schema order, no events, cached false', () => {
    const fast = conformResult(fields);
    const slow = JSON.parse(JSON.stringify(CaseResultSchema.parse(fields)));
    expect(fast).toEqual(slow);
    expect(Object.keys(fast)).toEqual(Object.keys(slow));
    expect(fast.session).not.toHaveProperty('events');
    expect(session.events).toHaveLength(1);
    expect(fast.cached).toBe(false);
    expect(Object.keys(fast)[0]).toBe('executionId');
  });

  it('drops a field the schema does not have, as the parse strips it', () => {
    expect(conformResult({ ...fields, stray: 1 })).not.toHaveProperty('stray');
  });

  it('throws in a test process when what the runner built is not what the parse makes of it', () => {
    expect(process.env.SKILL_EVAL_CHECK_FAST_PATHS).toBe('1');
    const { weight: _weight, ...withoutWeight } = verdict;
    expect(() => conformResult({ ...fields, checks: [withoutWeight] })).toThrow(/differs from CaseResultSchema.parse/);
    expect(() => conformResult({ ...fields, score: 2 })).toThrow();
  });
});
