import { END_OF_TEXT, START_OF_TEXT } from '@skill-eval/format-kit';

/** A Python `re` pattern rewritten for JavaScript: the pattern, its flags, or why it cannot be. */
export type JsRegex = { ok: true; source: string; flags: string } | { ok: false; reason: string };

/** Letters Python's `re` accepts after a backslash in a text pattern; any other letter is a "bad escape". */
const PYTHON_LETTER_ESCAPES = new Set('aAbBdDfnrsStuUvwWxZ');
/** Python's `$` without MULTILINE: the end, or just before a newline that ends the text. */
const PYTHON_DOLLAR = `(?=\\n?${END_OF_TEXT})`;

/**
 * Translates what Python's `re` means differently from JavaScript, so `re.search` and the translated
 * pattern agree: leading inline flags `(?ims)` become regex flags (`a`/`u` change nothing here),
 * `(?P<name>…)`/`(?P=name)` become `(?<name>…)`/`\k<name>`, `\A`/`\Z` (in JavaScript a plain `A`/`Z`)
 * become lookarounds, `$` without `m` also matches before a final newline, `{,n}` is `{0,n}`, `[]…]`
 * starts with a literal `]`, `\a` is BEL and `(?#…)` comments go. A letter escape Python rejects, and
 * what JavaScript cannot run, are reported, not guessed at.
 */
export function pythonToJsRegex(pattern: string): JsRegex {
  let rest = pattern;
  let flags = '';
  const inline = /^\(\?([a-zA-Z]+)\)/.exec(rest);
  if (inline) {
    const letters = [...inline[1]!];
    const bad = letters.filter((f) => !'aiLmsux'.includes(f));
    if (bad.length > 0) return { ok: false, reason: `Python has no inline flag ${bad.join('')}` };
    if (letters.includes('L')) return { ok: false, reason: 'Python refuses the L flag in a text pattern' };
    if (letters.includes('x')) return { ok: false, reason: 'the verbose flag x has no JavaScript equivalent' };
    flags = [...new Set(letters.filter((f) => 'ims'.includes(f)))].sort().join('');
    rest = rest.slice(inline[0].length);
  }
  const translated = translateBody(rest, flags.includes('m'));
  if (!translated.ok) return translated;
  try {
    new RegExp(translated.source, flags);
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  return { ok: true, source: translated.source, flags };
}

function translateBody(body: string, multiline: boolean): { ok: true; source: string } | { ok: false; reason: string } {
  let out = '';
  let inClass = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') {
      const next = body[i + 1];
      if (next === undefined) return { ok: false, reason: 'the pattern ends with a lone backslash' };
      i++;
      if (/[a-zA-Z]/.test(next) && !PYTHON_LETTER_ESCAPES.has(next))
        return { ok: false, reason: `Python's re rejects the escape \\${next}` };
      if (next === 'A' || next === 'Z') {
        if (inClass) return { ok: false, reason: `Python's re rejects \\${next} inside [...]` };
        out += next === 'A' ? START_OF_TEXT : END_OF_TEXT;
      } else if (next === 'a') out += '\\x07';
      else if (next === 'U') return { ok: false, reason: 'the escape \\U (8 hex digits) has no JavaScript equivalent' };
      else out += `\\${next}`;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      const negated = body[i + 1] === '^';
      out += negated ? '[^' : '[';
      if (negated) i++;
      // Python reads a `]` right after `[` or `[^` as a literal; JavaScript would close the class.
      if (body[i + 1] === ']') {
        out += '\\]';
        i++;
      }
    } else if (body.startsWith('(?P<', i)) {
      out += '(?<';
      i += 3;
    } else if (body.startsWith('(?<', i) && !'=!'.includes(body[i + 3] ?? '')) {
      return { ok: false, reason: "Python's re writes a named group (?P<name>…), and rejects (?<name>…)" };
    } else if (body.startsWith('(?P=', i)) {
      const end = body.indexOf(')', i);
      if (end < 0) return { ok: false, reason: 'a (?P=name) back-reference is not closed' };
      out += `\\k<${body.slice(i + 4, end)}>`;
      i = end;
    } else if (body.startsWith('(?#', i)) {
      const end = body.indexOf(')', i);
      if (end < 0) return { ok: false, reason: 'a (?#…) comment is not closed' };
      i = end;
    } else if (c === '$' && !multiline) out += PYTHON_DOLLAR;
    else if (c === '{' && /^\{,\d+\}/.test(body.slice(i))) out += '{0';
    else out += c;
  }
  return { ok: true, source: out };
}

/** The Python spelling of a JavaScript pattern and flags, for writing; undefined when a flag cannot be written. */
export function jsToPythonRegex(source: string, flags: string): string | undefined {
  const letters = [...flags].filter((f) => f !== 'g');
  if (letters.some((f) => !'ims'.includes(f))) return undefined;
  const body = source
    .replaceAll(PYTHON_DOLLAR, '$')
    .replaceAll(START_OF_TEXT, '\\A')
    .replaceAll(END_OF_TEXT, '\\Z')
    .replace(/\(\?<(?![=!])/g, '(?P<')
    .replace(/\\k<(\w+)>/g, '(?P=$1)');
  return letters.length > 0 ? `(?${letters.sort().join('')})${body}` : body;
}
