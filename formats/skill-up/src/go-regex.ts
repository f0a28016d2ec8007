import { END_OF_TEXT, START_OF_TEXT } from '@skill-eval/format-kit';

/** A Go (RE2) pattern rewritten for JavaScript: the pattern, its flags, or why it cannot be. */
export type JsRegex = { ok: true; source: string; flags: string } | { ok: false; reason: string };

const POSIX: Record<string, string> = {
  alpha: 'a-zA-Z',
  digit: '0-9',
  alnum: 'a-zA-Z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: '\\s',
  word: '\\w',
  xdigit: '0-9A-Fa-f',
  punct: '!-\\/:-@\\[-`{-~',
};

/** Letters RE2 accepts after a backslash; any other letter is an error in Go. */
const GO_LETTER_ESCAPES = new Set('aAbBdDfnPpQrsStvwWxz');
/** Characters a JavaScript `u` pattern lets one escape outside a class (inside, `-` too). */
const JS_SYNTAX = new Set('^$\\.*+?()[]{}|/');
/** Unicode general categories, which JavaScript names bare in `\p{…}`; any other name RE2 takes is a script. */
const CATEGORY = /^(?:[CLMNPSZ]|C[cfos]|L[lmotu]|M[cen]|N[dlo]|P[cdefios]|S[ckmo]|Z[lps]|Any)$/;

/**
 * Translates the RE2 syntax JavaScript lacks or reads differently: leading inline flags `(?ims)` become
 * regex flags, `(?P<name>` becomes `(?<name>`, `\A` / `\z` become lookarounds wherever they stand, POSIX
 * classes `[[:alpha:]]` are expanded, `\Q…\E` is quoted, `\a` is BEL, and Unicode classes `\pL`,
 * `\p{Greek}` and `\x{…}` turn on the `u` flag (with the escapes and braces that flag is strict about
 * rewritten). Whatever else JavaScript rejects is reported, not guessed at.
 */
export function goToJsRegex(pattern: string): JsRegex {
  let source = pattern;
  let flags = '';
  const inline = /^\(\?([a-zA-Z]+)\)/.exec(source);
  if (inline) {
    const letters = inline[1]!;
    const unsupported = [...letters].filter((f) => !'ims'.includes(f));
    if (unsupported.length > 0)
      return { ok: false, reason: `the inline flag ${unsupported.join('')} has no JavaScript equivalent` };
    flags = [...new Set(letters)].sort().join('');
    source = source.slice(inline[0].length);
  }
  const body = translateBody(source.replace(/\[:(\w+):\]/g, (all, name: string) => POSIX[name] ?? all));
  if (!body.ok) return body;
  if (body.unicode) flags = [...flags, 'u'].sort().join('');
  try {
    new RegExp(body.source, flags);
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  return { ok: true, source: body.source, flags };
}

type Body = { ok: true; source: string; unicode: boolean } | { ok: false; reason: string };

function translateBody(body: string): Body {
  let out = '';
  let inClass = false;
  let unicode = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') {
      const next = body[i + 1];
      if (next === undefined) return { ok: false, reason: 'the pattern ends with a lone backslash' };
      i++;
      if (/[a-zA-Z]/.test(next) && !GO_LETTER_ESCAPES.has(next))
        return { ok: false, reason: `Go rejects the escape \\${next}` };
      if (next === 'Q') {
        const end = body.indexOf('\\E', i + 1);
        const literal = end < 0 ? body.slice(i + 1) : body.slice(i + 1, end);
        out += literal.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
        i = end < 0 ? body.length : end + 1;
      } else if (next === 'A' || next === 'z') {
        if (inClass) return { ok: false, reason: `Go rejects \\${next} inside [...]` };
        out += next === 'A' ? START_OF_TEXT : END_OF_TEXT;
      } else if (next === 'p' || next === 'P') {
        const braced = body[i + 1] === '{' ? /^\{(\^?)(\w+)\}/.exec(body.slice(i + 1)) : null;
        const name = braced ? braced[2]! : body[i + 1];
        if (!name) return { ok: false, reason: `\\${next} names no Unicode class` };
        const negate = (next === 'P') !== (braced?.[1] === '^');
        out += `\\${negate ? 'P' : 'p'}{${CATEGORY.test(name) ? name : `Script=${name}`}}`;
        i += braced ? braced[0].length : 1;
        unicode = true;
      } else if (next === 'x' && body[i + 1] === '{') {
        const end = body.indexOf('}', i);
        if (end < 0) return { ok: false, reason: 'a \\x{…} escape is not closed' };
        out += `\\u${body.slice(i + 1, end + 1)}`;
        i = end;
        unicode = true;
      } else if (next === 'a') out += '\\x07';
      else if (/[a-zA-Z0-9]/.test(next) || JS_SYNTAX.has(next) || (inClass && next === '-')) out += `\\${next}`;
      // RE2 lets any punctuation be escaped; a JavaScript `u` pattern only the syntax characters.
      else out += next;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      out += c;
    } else if (body.startsWith('(?P<', i)) {
      out += '(?<';
      i += 3;
    } else if (c === '{' && !/^\{\d+(,\d*)?\}/.test(body.slice(i))) out += '\\{';
    else if (c === '}' && !/\{\d+(,\d*)?$/.test(body.slice(0, i))) out += '\\}';
    else if (c === ']') out += '\\]';
    else out += c;
  }
  return { ok: true, source: out, unicode };
}

/** The Go spelling of a JavaScript pattern and flags, for writing (`(?m)` prefix); undefined when a flag cannot be written. */
export function jsToGoRegex(source: string, flags: string): string | undefined {
  // Go matches by Unicode code point anyway, so `u` needs no spelling.
  const letters = [...flags].filter((f) => f !== 'g' && f !== 'u');
  if (letters.some((f) => !'ims'.includes(f))) return undefined;
  const body = source
    .replaceAll(START_OF_TEXT, '\\A')
    .replaceAll(END_OF_TEXT, '\\z')
    .replace(/\\([pP])\{Script=(\w+)\}/g, '\\$1{$2}')
    .replace(/\\u\{([0-9a-fA-F]+)\}/g, '\\x{$1}');
  return letters.length > 0 ? `(?${letters.sort().join('')})${body}` : body;
}

/** A literal text as an RE2 pattern that matches exactly it, as Go's regexp.QuoteMeta writes it. */
export function goQuoteMeta(text: string): string {
  return text.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}
