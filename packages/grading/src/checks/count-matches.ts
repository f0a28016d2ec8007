/**
 * How many matches `re` finds in `text`, counted as `text.match(re)` with the `g` flag counts them — an empty match
 * counts, and the search moves on one character past it (a whole surrogate pair with the `u` or `v` flag), as the
 * specification's RegExp.prototype[Symbol.match] does — without keeping the matches: a long answer full of matches
 * is counted in constant memory. Self-contained: the pattern worker runs its source too (pattern-worker.ts).
 */
export function countMatches(re: RegExp, text: string): number {
  const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  const unicode = global.unicode || global.flags.includes('v');
  let count = 0;
  for (let match = global.exec(text); match !== null; match = global.exec(text)) {
    count++;
    if (match[0] !== '') continue;
    const at = global.lastIndex;
    const pair =
      unicode &&
      at + 1 < text.length &&
      text.charCodeAt(at) >= 0xd800 &&
      text.charCodeAt(at) <= 0xdbff &&
      text.charCodeAt(at + 1) >= 0xdc00 &&
      text.charCodeAt(at + 1) <= 0xdfff;
    global.lastIndex = at + (pair ? 2 : 1);
  }
  return count;
}
