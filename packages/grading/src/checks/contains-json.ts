import { load } from 'js-yaml';
import type { CheckEvaluator } from './check-evaluator.js';
import { schemaTest } from './json-schema.js';
import { patternDeadline } from './pattern-deadline.js';
import { quote } from './quote.js';

/**
 * Some JSON object embedded in the final answer parses (and, given a schema, matches it), as promptfoo finds them
 * (`extractJsonObjects`): objects only, not lists, read leniently (a trailing comma, an unquoted key).
 */
export const containsJson: CheckEvaluator = async (check, context) => {
  const test = await schemaTest(check, patternDeadline(check, context));
  const text = context.session.finalMessage;
  let problem = '';
  for (const { at, length, value } of embeddedJson(text)) {
    const verdict = (await test?.(value)) ?? { ok: true };
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

/** Every balanced `{…}` span of `text` that parses as an object, outermost first. */
export function* embeddedJson(text: string): Generator<{ at: number; length: number; value: unknown }> {
  // Per opening bracket: the index of its closing one, -1 when it has none, 0 before it is scanned.
  const closing = new Int32Array(text.length);
  for (let start = 0; start < text.length; start++) {
    if (text[start] !== '{') continue;
    if (closing[start] === 0) scanBrackets(text, start, closing);
    const end = closing[start]!;
    if (end < 0) continue;
    const value = lenientObject(text.slice(start, end + 1));
    if (value === undefined) continue; // Not an object: try the next opening brace.
    yield { at: start, length: end + 1 - start, value };
    start = end; // Nested spans of a parsed value are part of it.
  }
}

/**
 * Finds the bracket closing the one at `start` (-1 when unbalanced), skipping string contents, and on the way the
 * closing of every bracket it opens outside a string: a scan from one of those would read the rest of the text
 * alike, so each is scanned once. (Scanning afresh from every bracket took time quadratic in the answer's length:
 * an answer of many unclosed brackets hung the run.)
 */
function scanBrackets(text: string, start: number, closing: Int32Array): void {
  const open: number[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') open.push(i);
    else if (c === '}' || c === ']') {
      closing[open.pop()!] = i;
      if (!open.length) return;
    }
  }
  for (const opened of open) closing[opened] = -1;
}

/** The span as an object: JSON, else YAML's flow mapping (what promptfoo parses with), else undefined. */
export function lenientObject(span: string): object | undefined {
  for (const parse of [JSON.parse, (s: string) => load(s, { json: true })]) {
    try {
      const value = parse(span) as unknown;
      if (typeof value === 'object' && value !== null) return value;
    } catch {
      // Try the next reading.
    }
  }
  return undefined;
}
