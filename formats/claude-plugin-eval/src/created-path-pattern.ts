// Claude Code 2.1.330 grades `file_exists` on the paths the run created, one a line (binary `function xm(e,{cwdDiff:r})`:
// `(r??"").split("\n").filter((h)=>h.trim()).some((h)=>o.test(h.trim()))`, passed when that equals `exists`), each
// tested against its path turned into an anchored regex (`function jm`: `**` + `/` → `(?:.*/)?`, `**` → `.*`, `*` →
// `[^/]*`, `?` → `.`, the characters of `Mm=new Set(".+^${}()|[]\\")` escaped, the rest as written). skill-eval grades it
// as a regex over the same list (`over: created-files`, flag `m`) whose one match is such a line: the pattern below.

/** Claude Code's `Mm`: the characters its glob escapes. */
const ESCAPED = new Set(['.', '+', '^', '$', '{', '}', '(', ')', '|', '[', ']', '\\']);
/** Blanks within a line (what `trim` takes off), and a line that is not one of them at its start or end. */
const BLANK = '[^\\S\\n]';
const OPEN = `^${BLANK}*(?!${BLANK}|$)(?:`;
const CLOSE = `)(?<!${BLANK})${BLANK}*$`;

/** The regex body Claude Code makes of `glob` (its `jm`), kept within one line: `[^/]` never takes a line break. */
function globBody(glob: string): string {
  let body = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charAt(i);
    if (c === '*') {
      if (glob.charAt(i + 1) !== '*') body += '[^/\\n]*';
      else if (glob.charAt(i + 2) === '/') {
        body += '(?:.*/)?';
        i += 2;
      } else {
        body += '.*';
        i++;
      }
    } else if (c === '?') body += '.';
    else if (ESCAPED.has(c)) body += `\\${c}`;
    // A line of the list never holds a line break, so a path with one matches none.
    else if (c === '\n') body += '(?!)';
    else body += c;
  }
  return body;
}

/**
 * The pattern (flag `m`) that matches the list of created paths when one of its lines, blanks around it taken off, is
 * a path Claude Code's `file_exists` matches with `glob`.
 */
export function createdPathPattern(glob: string): string {
  return `${OPEN}${globBody(glob)}${CLOSE}`;
}

/**
 * The glob of a pattern {@link createdPathPattern} made, or undefined for any other pattern: what `convert` writes
 * back as `file_exists`.
 */
export function globOfCreatedPathPattern(pattern: string): string | undefined {
  if (!pattern.startsWith(OPEN) || !pattern.endsWith(CLOSE)) return undefined;
  const body = pattern.slice(OPEN.length, pattern.length - CLOSE.length);
  let glob = '';
  for (let i = 0; i < body.length; ) {
    const rest = body.slice(i);
    const token = TOKENS.find(([regex]) => rest.startsWith(regex));
    if (token) {
      glob += token[1];
      i += token[0].length;
    } else if (rest.startsWith('\\') && ESCAPED.has(rest.charAt(1))) {
      glob += rest.charAt(1);
      i += 2;
    } else {
      glob += rest.charAt(0);
      i++;
    }
  }
  return createdPathPattern(glob) === pattern ? glob : undefined;
}

/** What {@link globBody} writes for each glob token, longest first. */
const TOKENS: [string, string][] = [
  ['(?:.*/)?', '**/'],
  ['[^/\\n]*', '*'],
  ['(?!)', '\n'],
  ['.*', '**'],
  ['.', '?'],
];
