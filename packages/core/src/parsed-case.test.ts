import { describe, expect, it } from 'vitest';
import { CaseSchema } from './case.js';
import { isParsedCase, parseCase, safeParseCase } from './parsed-case.js';

const input = { id: 'c1', name: 'c1', kind: 'task' as const, turns: ['hi'], source: { file: '/e.yaml', format: 'x' } };

describe('parseCase', () => {
  it('parses as CaseSchema does, and only what it returned counts as parsed', () => {
    const built = parseCase(input);
    expect(built).toEqual(CaseSchema.parse(input));
    expect(isParsedCase(built)).toBe(true);
    expect(isParsedCase(CaseSchema.parse(input))).toBe(false);
    expect(isParsedCase({ ...built })).toBe(false);
    expect(isParsedCase(null)).toBe(false);
  });

  it('throws on an invalid case; the safe variant marks only a valid one', () => {
    expect(() => parseCase({ ...input, turns: [] })).toThrow();
    const bad = safeParseCase({ ...input, kind: 'other' });
    expect(bad.success).toBe(false);
    const good = safeParseCase(input);
    expect(good.success && isParsedCase(good.data)).toBe(true);
  });
});
