import { describe, expect, it } from 'vitest';
import { oncePerCase } from './once-per-case.js';

describe('oncePerCase', () => {
  it('works an answer out once per case object, falsy answers included, and afresh for another object', () => {
    const asked: object[] = [];
    const first = { checks: [] };
    const second = { checks: [] };
    const isFirst = oncePerCase((testCase: object) => {
      asked.push(testCase);
      return testCase === first;
    });
    expect([isFirst(first), isFirst(second), isFirst(first), isFirst(second)]).toEqual([true, false, true, false]);
    expect(asked).toEqual([first, second]);
  });
});
