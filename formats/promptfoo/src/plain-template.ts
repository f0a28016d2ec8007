/**
 * A template that is plain text with `{{ name }}` holes only, rendered without nunjucks — most prompts and assertion
 * values of a config are such text (`'{{prompt}}'`, `contains: token-1`), and nunjucks costs a module load and a
 * compiled function per string. Anything this does not render exactly as nunjucks 3.2.4 would is declined
 * (undefined), and the caller renders it with nunjucks.
 *
 * What nunjucks does with such text (nunjucks/src/lexer.js, compiler.js, runtime.js at 3.2.4): text outside tags is
 * copied as written, except that `{{`, `{%` and `{#` open a tag and a stray `#}` throws ("unexpected end of comment");
 * `{{ name }}` (whitespace " \n\t\r\xA0" around the name) looks `name` up in the context, where a value the context
 * owns wins over a global, and appends it as `output += value`, undefined and null as nothing (suppressValue, without
 * autoescape).
 */

/** `{{ name }}` with the whitespace nunjucks skips in a tag, around a name made of the characters a symbol has here. */
const HOLE = /\{\{[ \n\t\r\xA0]*([A-Za-z_][A-Za-z0-9_]*)[ \n\t\r\xA0]*\}\}/g;

/** What a tag's name is not looked up as: literals, operators, and what `lib.extend` would not copy as a key. */
const NOT_A_LOOKUP = new Set([
  'true',
  'false',
  'none',
  'null',
  'not',
  'and',
  'or',
  'in',
  'is',
  'if',
  'else',
  '__proto__',
]);

/** Text nunjucks reads as a tag or rejects, anywhere outside the holes. */
const TAG_SYNTAX = /\{\{|\{%|\{#|#\}/;

/**
 * `text` rendered with `vars` as nunjucks renders it, or undefined when that needs nunjucks itself, or when it would
 * be longer than `maxLength` (the caller's renderer then says so).
 */
export function renderPlainTemplate(
  text: string,
  vars: Record<string, unknown>,
  maxLength = Number.POSITIVE_INFINITY,
): string | undefined {
  if (!TAG_SYNTAX.test(text)) return text;
  let out = '';
  let from = 0;
  for (const hole of text.matchAll(HOLE)) {
    const name = hole[1]!;
    const between = text.slice(from, hole.index);
    // A `{` just before a hole would open the tag one character earlier (`{{{ a }}`).
    if (TAG_SYNTAX.test(between) || between.endsWith('{')) return undefined;
    if (NOT_A_LOOKUP.has(name) || !Object.prototype.propertyIsEnumerable.call(vars, name)) return undefined;
    const value = vars[name];
    // nunjucks appends the value to its output string (`output += value`): for data — strings, numbers, booleans,
    // lists, maps — the same text as a template literal makes.
    out += between + (value === undefined || value === null ? '' : `${value}`);
    if (out.length > maxLength) return undefined;
    from = hole.index + hole[0].length;
  }
  const rest = text.slice(from);
  return TAG_SYNTAX.test(rest) ? undefined : out + rest;
}
