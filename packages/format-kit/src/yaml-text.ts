import { parse, stringify, type ToStringOptions } from 'yaml';

/**
 * Text every YAML reader holds as it is, in plain, quoted or block scalars alike: printable characters and line
 * feeds. Left out: controls (a raw CR or tab is rewritten by some readers), U+0085, U+2028 and U+2029 (line breaks
 * to YAML 1.1 readers such as PyYAML, so a value holding one would end its line and start a new key there), the
 * byte-order mark, non-characters and lone surrogates.
 */
const PLAIN_TEXT =
  /^(?:[\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]|[\ud800-\udbff][\udc00-\udfff])*$/;

/** Characters a double-quoted scalar escapes: its delimiters, and everything {@link PLAIN_TEXT} leaves out. */
const ESCAPED =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escaping control characters is this pattern's job.
  /["\\\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const NAMED: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\0': '\\0',
  '\x07': '\\a',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\v': '\\v',
  '\f': '\\f',
  '\r': '\\r',
  '\x1b': '\\e',
  '\x85': '\\N',
  '\u2028': '\\L',
  '\u2029': '\\P',
};

const hex = (c: string): string => {
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** `text` as a YAML double-quoted scalar: every reader, YAML 1.1 or 1.2, reads back exactly `text`, on one line. */
export const yamlDoubleQuoted = (text: string): string => `"${text.replace(ESCAPED, (c) => NAMED[c] ?? hex(c))}"`;

/** Plain scalars YAML 1.1 readers take for something else than the text: a value key and a merge key. */
const SPECIAL_1_1 = new Set(['=', '<<']);

/**
 * Whether `text` can be left to the `yaml` library's choice of style: only printable text and line feeds, and — on
 * one line — read back as this very string by YAML 1.2 and by YAML 1.1 (`yes`, `0o14`, `1:20`, `2001-12-14` are not).
 */
function leftToLibrary(text: string): boolean {
  if (!PLAIN_TEXT.test(text)) return false;
  if (text.includes('\n')) return true;
  if (SPECIAL_1_1.has(text.trim())) return false;
  try {
    // A text a reader takes for a collection (`{{x}}` is a map keyed by a map) is not left to the library; the
    // parser's warning about such a key would only reach the user's terminal.
    return parse(text, { logLevel: 'error' }) === text && parse(text, { version: '1.1', logLevel: 'error' }) === text;
  } catch {
    return false;
  }
}

/**
 * `text` as the value of a `key: value` line written by hand (SKILL.md front matter): plain when every reader reads
 * the plain form back as the text, else double-quoted, escapes and all — never over more than one line.
 */
export function yamlScalar(text: string): string {
  if (!text.includes('\n') && leftToLibrary(text) && stringify(text, { lineWidth: 0 }) === `${text}\n`) return text;
  return yamlDoubleQuoted(text);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * `value` (plain objects, arrays, scalars) as a YAML document that YAML 1.2 and YAML 1.1 readers alike read back as
 * `value`, and nothing more. The `yaml` library lays it out; every string (key or value) it could write in a way some
 * reader takes otherwise — a line break of YAML 1.1, a control character, `yes`, `0o14` — is written double-quoted
 * with escapes instead, by {@link yamlDoubleQuoted}.
 */
export function toYaml(value: unknown, options: ToStringOptions & { aliasDuplicateObjects?: boolean } = {}): string {
  // Each such string is held by a token the library writes as it is, then swapped for its quoted form.
  // node:crypto is loaded with the first YAML written, not by every command that only reads YAML.
  const { randomBytes } = process.getBuiltinModule('node:crypto');
  const token = `q${randomBytes(8).toString('hex')}`;
  const quoted: string[] = [];
  const hold = (text: string): string => {
    if (leftToLibrary(text)) return text;
    quoted.push(yamlDoubleQuoted(text));
    return `${token}n${quoted.length - 1}z`;
  };
  const swap = (item: unknown): unknown => {
    if (typeof item === 'string') return hold(item);
    if (Array.isArray(item)) return item.map(swap);
    if (!isPlainObject(item)) return item;
    return Object.fromEntries(Object.entries(item).map(([key, inner]) => [hold(key), swap(inner)]));
  };
  const text = stringify(swap(value), options);
  return text.replace(new RegExp(`${token}n(\\d+)z`, 'g'), (_, i: string) => quoted[Number(i)]!);
}
