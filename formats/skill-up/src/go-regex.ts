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

/**
 * Translates the RE2 syntax JavaScript lacks: leading inline flags `(?ims)` become regex flags,
 * `(?P<name>` becomes `(?<name>`, `\A` / `\z` become `^` / `$` (without the m flag) and POSIX classes
 * `[[:alpha:]]` are expanded. Whatever else JavaScript rejects is reported, not guessed at.
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
  source = source.replaceAll('(?P<', '(?<').replace(/\[:(\w+):\]/g, (all, name: string) => POSIX[name] ?? all);
  if (!flags.includes('m')) source = source.replace(/^\\A/, '^').replace(/\\z$/, '$');
  try {
    new RegExp(source, flags);
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  return { ok: true, source, flags };
}

/** The Go spelling of a JavaScript pattern and flags, for writing (`(?m)` prefix); undefined when a flag cannot be written. */
export function jsToGoRegex(source: string, flags: string): string | undefined {
  const letters = [...flags].filter((f) => f !== 'g');
  if (letters.some((f) => !'ims'.includes(f))) return undefined;
  return letters.length > 0 ? `(?${letters.sort().join('')})${source}` : source;
}

/** A literal text as an RE2 pattern that matches exactly it, as Go's regexp.QuoteMeta writes it. */
export function goQuoteMeta(text: string): string {
  return text.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}
