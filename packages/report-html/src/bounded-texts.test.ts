import { describe, expect, it } from 'vitest';
import { boundTexts } from './bounded-texts.js';

describe('boundTexts', () => {
  it('keeps short strings and cuts long ones, saying how much more there is and where', () => {
    const value = { short: 'abc', long: ['x'.repeat(12)] };
    expect(boundTexts(value, 't.json', 10)).toEqual({
      short: 'abc',
      long: [`${'x'.repeat(10)}\n… [2 more characters not shown here: the whole text is in t.json]`],
    });
  });

  it('never cuts an emoji in half: a cut that would fall inside one falls before it', () => {
    const text = `${'a'.repeat(9)}😀${'b'.repeat(5)}`; // the emoji is code units 10 and 11
    const bounded = boundTexts(text, 't.json', 10);
    expect(bounded.startsWith(`${'a'.repeat(9)}\n…`)).toBe(true);
    expect(bounded).toContain('[7 more characters');
    expect(bounded).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/); // no lone half of a pair
  });
});
