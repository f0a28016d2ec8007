/** Splits a text stream into lines, in time linear in its length, keeping at most `maxLineLength` of each line. */
export interface LineSplitter {
  /** Takes the next chunk; each line it completes is delivered at once. */
  push(chunk: string): void;
  /** Delivers the last line when it is not blank (a stream need not end with a newline). */
  end(): void;
  /** How many lines were longer than the limit and were cut to it. */
  readonly cutLines: number;
}

/**
 * A line splitter that calls `deliver` with each line, without its `\n`. A line longer than `maxLineLength` is cut
 * to that length and the rest of it dropped as it arrives: a program printing one endless line cannot fill memory,
 * and a long line costs no more than its length (no search over the text held so far).
 */
export function createLineSplitter(maxLineLength: number, deliver: (line: string) => void): LineSplitter {
  let parts: string[] = [];
  let length = 0;
  let cut = false;
  let cutLines = 0;
  const keep = (piece: string) => {
    const room = maxLineLength - length;
    if (piece.length > room) cut = true;
    const kept = piece.length > room ? piece.slice(0, Math.max(0, room)) : piece;
    if (kept) {
      parts.push(kept);
      length += kept.length;
    }
  };
  const flush = () => {
    const line = parts.length === 1 ? parts[0]! : parts.join('');
    parts = [];
    length = 0;
    if (cut) cutLines++;
    cut = false;
    deliver(line);
  };
  return {
    push(chunk) {
      let start = 0;
      for (let newline = chunk.indexOf('\n'); newline >= 0; newline = chunk.indexOf('\n', start)) {
        keep(chunk.slice(start, newline));
        flush();
        start = newline + 1;
      }
      if (start < chunk.length) keep(start === 0 ? chunk : chunk.slice(start));
    },
    end() {
      if (parts.some((part) => part.trim())) flush();
    },
    get cutLines() {
      return cutLines;
    },
  };
}
