// Characters XML 1.0 cannot hold at all, even escaped: C0 controls but tab, newline and carriage return, lone
// surrogates, U+FFFE and U+FFFF. Agent output (ANSI colours, binary files read back) contains them.
const INVALID =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's job.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // In an attribute a raw newline or tab is normalised to a space by every parser; the reference keeps it.
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};

/** Whether a string holds anything either escape changes: most names, ids and times do not. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's job.
const NEEDS_WORK = /[\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF&<>"']/;

/** Text for an attribute value (double-quoted). */
export const xmlAttribute = (value: string): string =>
  NEEDS_WORK.test(value) ? value.replace(INVALID, '\uFFFD').replace(/[&<>"'\n\r\t]/g, (c) => ENTITIES[c] ?? c) : value;

/** Text for element content. */
export const xmlText = (value: string): string =>
  NEEDS_WORK.test(value) ? value.replace(INVALID, '\uFFFD').replace(/[&<>]/g, (c) => ENTITIES[c] ?? c) : value;
