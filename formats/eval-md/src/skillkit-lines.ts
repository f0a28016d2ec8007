/** How SkillKit's line-by-line parser reads one line of the body. */
export type SkillKitLine =
  | { kind: 'case'; name: string }
  | { kind: 'section'; section: 'prompt' | 'expect' }
  | { kind: 'content' };

/** One body line with its offset in the file and whether a CommonMark code fence encloses it. */
export interface BodyLine {
  /** The line without its `\n` (a CRLF line keeps its `\r`, as SkillKit sees it). */
  text: string;
  /** Offset of the line's first character in the whole file. */
  offset: number;
  /** Inside a fenced code block (or is one of its fence lines). */
  inFence: boolean;
}

/**
 * SkillKit's own reading of a line (`SkillKit.Eval.line_kind/1`): a line starting with `#` whose text,
 * without its leading `#`s and surrounding whitespace, is `prompt` or `expect` (any case) is a section
 * marker; otherwise a line starting with exactly `## ` is a case heading. Code fences mean nothing to it.
 */
export function readSkillKitLine(line: string): SkillKitLine {
  if (line.startsWith('#')) {
    const key = line.replace(/^#+/, '').trim().toLowerCase();
    if (key === 'prompt' || key === 'expect') return { kind: 'section', section: key };
  }
  if (line.startsWith('## ')) return { kind: 'case', name: line.slice(3).trim() };
  return { kind: 'content' };
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/**
 * Splits `text` (from `start`) into lines, marking those inside fenced code blocks. Only the fence
 * rule of CommonMark is followed; this is the cheap pre-scan used where the Markdown parser is not
 * loaded (detection, writing), never the reading of a file.
 */
export function bodyLines(text: string, start = 0): BodyLine[] {
  return scanFences(text, start).lines;
}

/** The fence still open at the end of `text` (its opening run, e.g. "```"), if any. */
export function unclosedFence(text: string): string | undefined {
  const open = scanFences(text, 0).open;
  return open ? open.char.repeat(open.length) : undefined;
}

function scanFences(text: string, start: number) {
  const lines: BodyLine[] = [];
  let fence: { char: string; length: number } | undefined;
  let offset = start;
  for (const raw of text.slice(start).split('\n')) {
    const match = FENCE.exec(raw.replace(/\r$/, ''));
    let inFence = fence !== undefined;
    if (fence) {
      const closing = match && match[1]![0] === fence.char && match[1]!.length >= fence.length && !match[2]!.trim();
      if (closing) fence = undefined;
    } else if (match && !(match[1]![0] === '`' && match[2]!.includes('`'))) {
      fence = { char: match[1]![0]!, length: match[1]!.length };
      inFence = true;
    }
    lines.push({ text: raw, offset, inFence });
    offset += raw.length + 1;
  }
  return { lines, open: fence };
}
