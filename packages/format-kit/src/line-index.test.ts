import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLineIndex } from './line-index.js';

/** The line and column counted from the start, the slow way. */
const counted = (text: string, offset: number) => {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
};

describe('createLineIndex', () => {
  it('property: any offsets, asked in any order, get the line and column counted from the start', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '\r') }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (text, picks) => {
          const positionAt = createLineIndex(text);
          for (const pick of picks) {
            const offset = pick % (text.length + 1);
            expect(positionAt(offset)).toEqual(counted(text, offset));
          }
        },
      ),
    );
  });
});
