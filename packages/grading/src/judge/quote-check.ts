/** Lowercased words and numbers only, one space apart: a quote survives the judge re-spacing or re-punctuating it. */
function words(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Whether a judge's evidence quotes the material it was shown. Each part between ellipses must appear in the
 * material word for word (case, spacing and punctuation aside), so a paraphrase or an invented quote is caught.
 */
export function isQuoted(evidence: string, material: string): boolean {
  const parts = evidence
    .split(/\.\.\.|\u2026|\[\s*\u2026?\s*\]/)
    .map(words)
    .filter((part) => part.length > 0);
  if (parts.length === 0) return false;
  const haystack = ` ${words(material)} `;
  return parts.every((part) => haystack.includes(` ${part} `));
}
