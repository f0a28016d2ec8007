import type { CheckEvaluator } from './check-evaluator.js';
import { withElements } from './is-xml.js';
import { quote } from './quote.js';
import { requiredElements, xmlProblem } from './xml-document.js';

/** promptfoo `contains-xml`: some element in the final answer is well-formed XML holding every required element. */
export const containsXml: CheckEvaluator = async (check, { session }) => {
  const required = requiredElements(check);
  const text = session.finalMessage;
  let problem: string | undefined;
  let tried = 0;
  for (const { at, length } of elementSpans(text)) {
    tried++;
    const found = await xmlProblem(text.slice(at, at + length), required);
    if (!found) {
      return {
        passed: true,
        evidence: `found XML${withElements(required)} in the final answer: ${quote(text, at, length)}`,
      };
    }
    problem ??= found;
  }
  return {
    passed: false,
    evidence: tried
      ? `no XML element in the final answer is usable (first: ${problem}): ${quote(text)}`
      : `no XML element in the final answer: ${quote(text)}`,
  };
};

/** At most this many candidate spans are parsed, so a long answer full of tags stays cheap. */
const MAX_CANDIDATES = 200;

/**
 * Candidate elements: from each start tag to a matching end tag after it (the farthest first), or the tag
 * itself when self-closing; earlier start tags first, so the outermost element is tried before its children.
 */
function* elementSpans(text: string): Generator<{ at: number; length: number }> {
  const startTag = /<([A-Za-z_][\w.:-]*)(?:\s[^<>]*?)?(\/?)>/g;
  const endTags = endTagPositions(text);
  let budget = MAX_CANDIDATES;
  for (let match = startTag.exec(text); match && budget > 0; match = startTag.exec(text)) {
    const [tag, name, selfClosing] = match;
    if (selfClosing) {
      budget--;
      yield { at: match.index, length: tag.length };
      continue;
    }
    const ends = endTags.get(name!) ?? [];
    for (let k = ends.length - 1; k >= 0 && ends[k]! > match.index && budget > 0; k--) {
      budget--;
      yield { at: match.index, length: ends[k]! + name!.length + 3 - match.index };
    }
  }
}

/**
 * Where each `</name>` starts, by name, in text order: found in one pass (looking each start tag's end tags up in
 * the whole answer again took minutes for an answer of many unclosed tags).
 */
function endTagPositions(text: string): Map<string, number[]> {
  const positions = new Map<string, number[]>();
  for (const match of text.matchAll(/<\/([A-Za-z_][\w.:-]*)>/g)) {
    const name = match[1]!;
    const list = positions.get(name);
    if (list) list.push(match.index);
    else positions.set(name, [match.index]);
  }
  return positions;
}
