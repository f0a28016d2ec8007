import { describe, expect, it } from 'vitest';
import { parseJudgeResponse } from './judge-response.js';

const good = {
  criteria: [
    { id: 2, passed: false, evidence: 'q2', reasoning: 'r2' },
    { id: 1, passed: true, evidence: 'q1', reasoning: 'r1' },
  ],
};

describe('parseJudgeResponse', () => {
  it.each([
    ['bare JSON', JSON.stringify(good)],
    ['prose around JSON', `Here is my grading:\n${JSON.stringify(good)}\nHope this helps.`],
    ['fenced JSON after prose', `Sure.\n\`\`\`json\n${JSON.stringify(good, null, 2)}\n\`\`\`\nDone {not json}`],
    [
      'the same answer twice',
      `\`\`\`json\n${JSON.stringify(good)}\n\`\`\`\nAgain:\n\`\`\`json\n${JSON.stringify(good, null, 2)}\n\`\`\``,
    ],
    [
      'an answer after another JSON object',
      `\`\`\`json\n{"note":"scratch"}\n\`\`\`\n\`\`\`json\n${JSON.stringify(good)}\n\`\`\``,
    ],
  ])('accepts %s', (_, text) => {
    const parsed = parseJudgeResponse(text, 2);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.verdicts.get(1)).toMatchObject({ passed: true, evidence: 'q1' });
    expect(parsed.verdicts.get(2)).toMatchObject({ passed: false, evidence: 'q2' });
  });

  it.each([
    ['not JSON', 'The agent did well. PASS.', 'no JSON object'],
    ['missing id', JSON.stringify({ criteria: [good.criteria[0]] }), 'missing ids 1'],
    ['duplicate id', JSON.stringify({ criteria: [...good.criteria, good.criteria[0]] }), 'id 2 appears more than once'],
    [
      'unknown id',
      JSON.stringify({ criteria: [...good.criteria, { id: 3, passed: true, evidence: '' }] }),
      'unknown id 3',
    ],
    [
      'string boolean',
      JSON.stringify({ criteria: [{ ...good.criteria[1], passed: 'yes' }, good.criteria[0]] }),
      'wrong shape',
    ],
    ['no evidence', JSON.stringify({ criteria: [{ id: 1, passed: true }, good.criteria[0]] }), 'wrong shape'],
    ['wrong top level', JSON.stringify([{ id: 1, passed: true }]), 'wrong shape'],
    [
      'a draft, then a different corrected answer',
      `Draft:\n\`\`\`json\n${JSON.stringify(good)}\n\`\`\`\nCorrected:\n\`\`\`json\n${JSON.stringify({ criteria: good.criteria.map((v) => ({ ...v, passed: !v.passed })) })}\n\`\`\``,
      '2 different {"criteria":[…]} objects',
    ],
  ])('rejects %s', (_, text, error) => {
    const parsed = parseJudgeResponse(text, 2);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(error);
  });
});
