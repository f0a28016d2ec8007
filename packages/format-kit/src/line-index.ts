/** A 1-based line and column; for a span of text, also where it ends (the column just past its last character). */
export interface Position {
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

/** The span from `start` to `end` as one Position. */
export const spanPosition = (start: Position, end: Position): Position => ({
  line: start.line,
  column: start.column,
  endLine: end.line,
  endColumn: end.column,
});

/**
 * Maps character offsets of `text` to 1-based lines and columns (binary search over line starts). Line starts are
 * found only as far as the offsets asked for: a syntax error near the top of a long text costs little.
 */
export function createLineIndex(text: string): (offset: number) => Position {
  const lineStarts = [0];
  let scanned = 0;
  return (offset: number): Position => {
    while (scanned <= offset && scanned < text.length) {
      const newline = text.indexOf('\n', scanned);
      if (newline === -1) scanned = text.length;
      else {
        lineStarts.push(newline + 1);
        scanned = newline + 1;
      }
    }
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1 };
  };
}
