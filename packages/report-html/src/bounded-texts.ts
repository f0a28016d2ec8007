/**
 * The longest text the report shows of any one string of a result or transcript (an answer, a tool's output): the
 * report embeds every execution's data, so one agent that printed megabytes would otherwise make a page of tens of
 * megabytes that a browser struggles to open. The whole text stays in the run directory.
 */
export const REPORT_TEXT_LIMIT = 64 * 1024;

/**
 * A copy of `value` (JSON data) in which every string longer than `limit` keeps its first `limit` characters and
 * says how many more there are and where they are (`source`, say the transcript file). Values with no long string
 * come back as they are.
 */
export function boundTexts<T>(value: T, source: string, limit = REPORT_TEXT_LIMIT): T {
  return bound(value, source, limit) as T;
}

function bound(value: unknown, source: string, limit: number): unknown {
  if (typeof value === 'string') {
    if (value.length <= limit) return value;
    // Never cut between the two halves of a character beyond U+FFFF (an emoji): half of one shows as garbage.
    const cut = /[\uD800-\uDBFF]/.test(value[limit - 1] ?? '') ? limit - 1 : limit;
    const more = value.length - cut;
    return `${value.slice(0, cut)}\n… [${more.toLocaleString('en-US')} more characters not shown here: the whole text is in ${source}]`;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const bounded = bound(item, source, limit);
      if (bounded === item) return;
      copy ??= [...value];
      copy[i] = bounded;
    });
    return copy ?? value;
  }
  if (value !== null && typeof value === 'object') {
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value)) {
      const bounded = bound(item, source, limit);
      if (bounded === item) continue;
      copy ??= { ...value };
      copy[key] = bounded;
    }
    return copy ?? value;
  }
  return value;
}
