import { type Check, normalizeCheck, type SessionEvent, summarizeEvents } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { implicitChecks } from '../implicit-checks.js';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { runCheck } from './run-check.js';
import { routedSkill } from './skill-routed.js';

const user: SessionEvent = { type: 'message', role: 'user', text: 'sum the price column' };
const call = (id: string, name: string, input: unknown): SessionEvent => ({ type: 'tool-call', id, name, input });
const result = (id: string): SessionEvent => ({ type: 'tool-result', id, output: 'ok', isError: false });
const skill = (name: string, via: 'tool' | 'file-read' | 'mention'): SessionEvent => ({ type: 'skill', name, via });

const SKILLS = ['csv-stats', 'date-diff'];
/** Transcripts as the engines record them: a call's skill signals right after its tool-call event. */
const runs = {
  csvFirst: [user, call('1', 'Skill', { skill: 'csv-stats' }), skill('csv-stats', 'tool'), result('1')],
  // Exploring first does not count (skill-creator's run_eval.py ignores Glob, Bash … before the consult).
  globThenDates: [
    user,
    call('1', 'Glob', { pattern: '*.csv' }),
    result('1'),
    call('2', 'Read', { file_path: '/ws/.claude/skills/date-diff/SKILL.md' }),
    skill('date-diff', 'file-read'),
    call('3', 'Skill', { skill: 'csv-stats' }),
    skill('csv-stats', 'tool'),
  ],
  mentionOnly: [user, skill('csv-stats', 'mention'), { type: 'message', role: 'assistant', text: 'no skill needed' }],
  plugin: [user, call('1', 'Skill', { skill: 'data:csv-stats' }), skill('data:csv-stats', 'tool')],
  stray: [user, call('1', 'Skill', { skill: 'pdf' }), skill('pdf', 'tool')],
} satisfies Record<string, SessionEvent[]>;
type Run = keyof typeof runs;
const sessionOf = (run: Run) => makeSession({ events: runs[run], ...summarizeEvents(runs[run]) });

describe('routedSkill: the first skill consulted decides', () => {
  it.each<[Run, string | null, string | null]>([
    ['csvFirst', 'csv-stats', 'csv-stats'],
    ['globThenDates', 'date-diff', null],
    ['mentionOnly', null, null],
    ['plugin', 'csv-stats', 'csv-stats'],
    ['stray', 'pdf', 'pdf'],
  ])('%s → %s (first-tool: %s)', (run, anyTool, firstTool) => {
    expect(routedSkill(sessionOf(run), SKILLS)).toBe(anyTool);
    expect(routedSkill(sessionOf(run), SKILLS, 'first-tool')).toBe(firstTool);
  });
});

describe('skill-routed', () => {
  const testCase = (expectedSkill: string | null) =>
    makeCase({
      kind: 'trigger',
      expectedSkill,
      skills: SKILLS.map((name) => ({ name, dir: `/skills/${name}` })),
    });
  const grade = async (check: Check, run: Run, expected: string | null) =>
    (
      await runCheck(normalizeCheck(check), 'check', {
        testCase: testCase(expected),
        session: sessionOf(run),
        workspace: '/nonexistent',
      })
    ).verdict;

  it('is the implicit check of a routing case, with the case detection mode', () => {
    expect(implicitChecks(testCase('csv-stats'))).toEqual([{ type: 'skill-routed', value: 'csv-stats' }]);
    expect(implicitChecks({ ...testCase(null), triggerDetection: 'first-tool' })).toEqual([
      { type: 'skill-routed', name: 'skill-routed: no skill', value: null, mode: 'first-tool' },
    ]);
  });

  it('passes when the first skill consulted is the expected one, and says where the run went', async () => {
    const right = await grade({ type: 'skill-routed', value: 'date-diff' }, 'globThenDates', 'date-diff');
    expect(right).toMatchObject({
      passed: true,
      evidence: 'routed to skill "date-diff" (fired first); expected skill "date-diff"',
    });
    const wrong = await grade({ type: 'skill-routed', value: 'csv-stats' }, 'globThenDates', 'csv-stats');
    expect(wrong).toMatchObject({
      passed: false,
      evidence: 'routed to skill "date-diff" (fired first); expected skill "csv-stats"',
    });
  });

  it('expects no skill with null, and a mention is not a consult', async () => {
    const none = await grade({ type: 'skill-routed', value: null }, 'mentionOnly', null);
    expect(none).toMatchObject({ passed: true, evidence: 'routed to no skill (none fired); expected no skill' });
    expect(await grade({ type: 'skill-routed', value: null }, 'csvFirst', null)).toMatchObject({ passed: false });
  });

  it("takes the case's expected skill when the check names none", async () => {
    expect(await grade({ type: 'skill-routed' }, 'csvFirst', 'csv-stats')).toMatchObject({ passed: true });
    expect(await grade({ type: 'skill-routed' }, 'csvFirst', 'date-diff')).toMatchObject({ passed: false });
  });
});
