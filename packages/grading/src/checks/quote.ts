/** Quotes `text` for evidence, shortened to `max` characters around `at` (the match position). */
export function quote(text: string, at = 0, length = 0, max = 160): string {
  if (text.length <= max) return JSON.stringify(text);
  const before = Math.max(0, Math.floor((max - length) / 2));
  const start = Math.max(0, at - before);
  const end = Math.min(text.length, start + Math.max(max, length));
  return `${start > 0 ? '…' : ''}${JSON.stringify(text.slice(start, end))}${end < text.length ? '…' : ''}`;
}
