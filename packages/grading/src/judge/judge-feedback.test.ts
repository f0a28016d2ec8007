import type { Check, CompletionRequest } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { gradeExecution } from '../index.js';
import { makeCase, makeSession, scriptedJudge, shownCriteria } from '../test-support/fixtures.js';
import { JUDGE_SYSTEM_PROMPT } from './judge-prompt.js';
import { parseJudgeResponse } from './judge-response.js';

// The judge may critique the criteria (skill-creator's and BMAD's graders flag weak assertions): its remarks reach
// the grade by the criterion's own text, whatever order the criteria were shown in, and never change a verdict.

const rubric = (value: string): Check => ({ type: 'llm-rubric', value });
const criteria = ['brief.md exists', 'the brief names the product', 'the answer is in English'];

/** Passes every criterion, quoting the answer, and flags the one containing `weak` by the id it was shown under. */
const critic =
  (feedback: (ids: Record<string, number>) => unknown) =>
  (request: CompletionRequest): string => {
    const shown = shownCriteria(request);
    const ids = Object.fromEntries(shown.map((c, i) => [c, i + 1]));
    return JSON.stringify({
      criteria: shown.map((_, i) => ({ id: i + 1, passed: true, evidence: 'Wrote brief.md', reasoning: 'seen' })),
      eval_feedback: feedback(ids),
    });
  };

async function grade(answer: (request: CompletionRequest) => string, run = 1) {
  const { judge, requests } = scriptedJudge([answer]);
  const result = await gradeExecution({
    testCase: makeCase({ checks: criteria.map(rubric) }),
    session: makeSession({ finalMessage: 'Wrote brief.md for Insulens.' }),
    workspace: '/nonexistent',
    judge,
    run,
  });
  return { result, requests };
}

describe('judge feedback on the criteria', () => {
  it('asks for it in the system prompt, with the kinds it may name', () => {
    for (const word of [
      'eval_feedback',
      '"weak"',
      '"unverifiable"',
      '"redundant"',
      '"missing"',
      'never changes a verdict',
    ])
      expect(JUDGE_SYSTEM_PROMPT).toContain(word);
  });

  it.each([1, 2, 3, 4])('names each remark by its criterion whatever the shown order (run %i)', async (run) => {
    const { result } = await grade(
      critic((ids) => ({
        suggestions: [
          { id: ids['brief.md exists'], kind: 'weak', reason: 'An empty brief.md would also pass.' },
          { kind: 'missing', reason: 'Nothing checks the pricing decision.' },
        ],
        overall: 'Structure is checked, content is not.',
      })),
      run,
    );
    expect(result.status).toBe('passed');
    expect(result.checks.map((c) => c.passed)).toEqual([true, true, true]);
    expect(result.judge?.feedback).toEqual({
      suggestions: [
        { assertion: 'brief.md exists', kind: 'weak', reason: 'An empty brief.md would also pass.' },
        { kind: 'missing', reason: 'Nothing checks the pricing decision.' },
      ],
      overall: 'Structure is checked, content is not.',
    });
  });

  it('leaves the verdicts as the judge gave them', async () => {
    const failing = (request: CompletionRequest) => {
      const shown = shownCriteria(request);
      return JSON.stringify({
        criteria: shown.map((c, i) => ({
          id: i + 1,
          passed: c !== 'the answer is in English',
          evidence: 'Wrote brief.md',
          reasoning: 'seen',
        })),
        eval_feedback: { suggestions: [{ id: 1, kind: 'redundant', reason: 'Same as another.' }] },
      });
    };
    const { result } = await grade(failing);
    expect(result.status).toBe('failed');
    expect(result.checks.map((c) => [c.name, c.passed])).toEqual([
      ['brief.md exists', true],
      ['the brief names the product', true],
      ['the answer is in English', false],
    ]);
    expect(result.judge?.feedback?.suggestions).toHaveLength(1);
  });

  it('records none when the judge gives none, or only an empty list', async () => {
    expect((await grade(critic(() => undefined))).result.judge?.feedback).toBeUndefined();
    expect((await grade(critic(() => ({ suggestions: [] })))).result.judge?.feedback).toBeUndefined();
    const solid = await grade(critic(() => ({ suggestions: [], overall: 'No suggestions; the criteria look solid.' })));
    expect(solid.result.judge?.feedback).toEqual({
      suggestions: [],
      overall: 'No suggestions; the criteria look solid.',
    });
  });

  it('drops malformed remarks without sending the answer back', async () => {
    const { result, requests } = await grade(
      critic(() => ({
        suggestions: [
          { id: 99, kind: 'weak', reason: 'names no criterion shown' },
          { kind: 'odd', reason: 'an unknown kind' },
          { id: 1, reason: '' },
          'not an object',
        ],
        overall: 42,
      })),
    );
    expect(requests).toHaveLength(1);
    expect(result.status).toBe('passed');
    expect(result.judge?.feedback).toEqual({
      suggestions: [{ kind: 'weak', reason: 'names no criterion shown' }, { reason: 'an unknown kind' }],
    });
  });
});

describe('parseJudgeResponse with eval_feedback', () => {
  const verdicts = [{ id: 1, passed: true, evidence: 'q', reasoning: 'r' }];
  it('reads the same verdicts twice, once with remarks, as one answer', () => {
    const plain = JSON.stringify({ criteria: verdicts });
    const critiqued = JSON.stringify({ criteria: verdicts, eval_feedback: { suggestions: [], overall: 'fine' } });
    const parsed = parseJudgeResponse(`${plain}\n\`\`\`json\n${critiqued}\n\`\`\``, 1);
    expect(parsed.ok).toBe(true);
  });
  it('still refuses two different sets of verdicts', () => {
    const other = [{ id: 1, passed: false, evidence: 'q', reasoning: 'r' }];
    const text = `\`\`\`json\n${JSON.stringify({ criteria: verdicts })}\n\`\`\`\n\`\`\`json\n${JSON.stringify({ criteria: other })}\n\`\`\``;
    expect(parseJudgeResponse(text, 1).ok).toBe(false);
  });
});
