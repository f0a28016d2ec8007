import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { untilNextTurn } from './until-next-turn.js';

describe('untilNextTurn', () => {
  it('computes a key once while the event loop stays in one turn, and again after it turns', async () => {
    let facts = 0;
    const fact = untilNextTurn((key: string) => `${key}:${++facts}`);
    expect([fact('a'), fact('a'), fact('b'), fact('a')]).toEqual(['a:1', 'a:1', 'b:2', 'a:1']);
    await nextTurn();
    expect(fact('a')).toBe('a:3');
  });

  it('does not remember a call that threw', () => {
    let calls = 0;
    const flaky = untilNextTurn((key: string) => {
      calls++;
      if (calls === 1) throw new Error(`no ${key} yet`);
      return key;
    });
    expect(() => flaky('x')).toThrow('no x yet');
    expect(flaky('x')).toBe('x');
    expect(calls).toBe(2);
  });
});
