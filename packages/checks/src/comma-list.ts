/**
 * Splits a comma-separated check value into its items the way promptfoo does (`parseCommaSeparatedValues`):
 * items are trimmed, empty items (a doubled or trailing comma) are dropped, and an item in double quotes keeps
 * its commas (`\"` or `""` inside stands for a quote). An unterminated quote, or text after a closing quote
 * before the next comma, is an error.
 */
export function commaList(value: string): string[] {
  const items: string[] = [];
  let i = 0;
  const skipSpace = () => {
    while (i < value.length && /\s/.test(value[i]!)) i++;
  };
  while (i < value.length) {
    for (skipSpace(); value[i] === ','; skipSpace()) i++;
    if (i >= value.length) break;
    if (value[i] === '"') {
      items.push(quotedItem());
      skipSpace();
      if (i < value.length && value[i] !== ',') throw new Error('expected a comma after a quoted item');
    } else {
      const start = i;
      while (i < value.length && value[i] !== ',') i++;
      items.push(value.slice(start, i).trim());
    }
  }
  return items;

  function quotedItem(): string {
    let item = '';
    for (i++; i < value.length; i++) {
      const c = value[i]!;
      const next = value[i + 1];
      if (c === '\\' && (next === '"' || next === '\\')) {
        item += next;
        i++;
      } else if (c === '"' && next === '"') {
        item += '"';
        i++;
      } else if (c === '"') {
        i++;
        return item;
      } else item += c;
    }
    throw new Error('a quoted item has no closing quote');
  }
}
