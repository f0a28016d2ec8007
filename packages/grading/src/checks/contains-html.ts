import { linearWhereItRuns } from './bounded-regex.js';
import type { CheckEvaluator } from './check-evaluator.js';
import { quote } from './quote.js';

/**
 * promptfoo `contains-html`: the final answer contains HTML. Like promptfoo, it counts indicators (tags,
 * entities, a doctype, comments, attributes, common element names) and needs at least two, so "a < b"
 * or a lone "<example>" is not HTML.
 */
export const containsHtml: CheckEvaluator = (_check, { session }) => {
  const text = session.finalMessage;
  const found = htmlIndicators(text);
  const score = found.reduce((sum, [, points]) => sum + points, 0);
  const list = found.map(([name]) => name).join(', ') || 'none';
  return score >= 2
    ? { passed: true, evidence: `found HTML in the final answer (${list}): ${quote(text)}` }
    : { passed: false, evidence: `no HTML in the final answer (indicators: ${list}): ${quote(text)}` };
};

/** promptfoo's indicator patterns, rewritten where a long answer made them backtrack for minutes (same verdicts). */
const OPENING_TAG = /<[a-zA-Z][a-zA-Z0-9-]*(?:\s+[^>]*)?>/;
const CLOSING_TAG = /<\/[a-zA-Z][a-zA-Z0-9-]*\s*>/;
const SELF_CLOSING_TAG = linearWhereItRuns(/<[a-zA-Z][a-zA-Z0-9-]*(?:\s+[^>]*)?\/>/);
// promptfoo's `\s+` before the name found the same attributes and retried every run of whitespace from each space.
const ATTRIBUTE = /\s[a-zA-Z-]+\s*=\s*["'][^"']*["']/;

function htmlIndicators(text: string): [string, number][] {
  const found: [string, number][] = [];
  // A tag ends at a '>': searching only up to the last one, each start tag found is the match, and a '<' with
  // no '>' after it is not read again to the end of the answer for every such '<'.
  const tagged = text.slice(0, text.lastIndexOf('>') + 1);
  const opening = OPENING_TAG.test(tagged);
  const closing = CLOSING_TAG.test(tagged);
  if (opening && closing) found.push(['opening and closing tags', 2]);
  else if (opening || closing) found.push([opening ? 'an opening tag' : 'a closing tag', 1]);
  if (SELF_CLOSING_TAG.test(tagged)) found.push(['a self-closing tag', 1]);
  if (/&(?:[a-zA-Z]+|#[0-9]+|#x[0-9a-fA-F]+);/.test(text)) found.push(['an entity', 1]);
  if (/<!DOCTYPE\s+html/i.test(text)) found.push(['a doctype', 2]);
  if (/<!--[\s\S]*?-->/.test(text)) found.push(['a comment', 1]);
  if (ATTRIBUTE.test(text)) found.push(['an attribute', 1]);
  const common =
    /<(html|head|body|div|span|p|a|img|h[1-6]|ul|ol|li|table|tr|td|th|form|input|button|script|style|link|meta|br|hr)\b/i;
  if (common.test(text)) found.push(['a common HTML element', 2]);
  return found;
}
