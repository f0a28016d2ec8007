/** A 1-based line and column. */
export interface Position {
  line: number;
  column: number;
}

/** Maps character offsets of `text` to 1-based lines and columns (binary search over line starts). */
export function createLineIndex(text: string): (offset: number) => Position {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  return (offset: number): Position => {
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
