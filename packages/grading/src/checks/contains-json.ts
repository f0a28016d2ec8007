import type { CheckEvaluator } from './check-evaluator.js';
import { schemaTest } from './json-schema.js';
import { quote } from './quote.js';

/** Some JSON object or array embedded in the final answer parses (and, given a `schema`, matches it). */
export const containsJson: CheckEvaluator = (check, { session }) => {
  const test = schemaTest(check);
  const text = session.finalMessage;
  let problem = '';
  for (const { at, length, value } of embeddedJson(text)) {
    const verdict = test?.(value) ?? { ok: true };
    if (verdict.ok) return { passed: true, evidence: `found JSON in the final answer: ${quote(text, at, length)}` };
    problem ||= verdict.problem;
  }
  return {
    passed: false,
    evidence: problem
      ? `no JSON in the final answer matches the schema (${problem}): ${quote(text)}`
      : `no JSON object or array in the final answer: ${quote(text)}`,
  };
};

/** Every balanced `{…}` / `[…]` span of `text` that parses, outermost first. */
export function* embeddedJson(text: string): Generator<{ at: number; length: number; value: unknown }> {
  for (let start = 0; start < text.length; start++) {
    if (text[start] !== '{' && text[start] !== '[') continue;
    const end = closingIndex(text, start);
    if (end < 0) continue;
    try {
      yield { at: start, length: end + 1 - start, value: JSON.parse(text.slice(start, end + 1)) };
      start = end; // Nested spans of a parsed value are part of it.
    } catch {
      // Not JSON (prose in brackets, JS object literal): try the next opening bracket.
    }
  }
}

/** Index of the bracket closing the one at `start`, skipping string contents; -1 when unbalanced. */
function closingIndex(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}
