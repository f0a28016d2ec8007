import { htmlEscape } from 'escape-goat';

/** HTML text with every string interpolated through `html` escaped; `raw` marks markup that is already safe. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** Already-safe markup (built by `html`, or a constant). */
export const raw = (markup: string): SafeHtml => new SafeHtml(markup);

type Part = SafeHtml | string | number | boolean | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return htmlEscape(String(part));
}

/** Tagged template: interpolated strings are escaped, `SafeHtml` and arrays of it are inserted as they are. */
export function html(strings: TemplateStringsArray, ...parts: Part[]): SafeHtml {
  let out = strings[0] ?? '';
  parts.forEach((part, i) => {
    out += render(part) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/**
 * JSON for a `<script type="application/json">` block: `<` is escaped so that no string in it (a transcript
 * saying `</script>`) can end the block, and U+2028/2029 so that older parsers treat it as one line.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
