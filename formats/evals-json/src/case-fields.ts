import { checkTypeProblem, isUnsupportedType, KNOWN_CHECK_TYPES, unknownTypeMessage } from '@skill-eval/checks';
import type { Check, FixtureFile } from '@skill-eval/core';
import { describeType, itemsOf, outsideProjectMessage, property, resolveFixture } from '@skill-eval/format-kit';
import { getNodeValue, type Node } from 'jsonc-parser';
import type { ReadContext } from './read-context.js';

/** A case's identity: the normalised string id, the raw value and a label for messages. */
export interface CaseIdentity {
  id: string;
  rawId: unknown;
  /** `eval 3`, `case "A1"`, or `eval #3` when the id is missing. */
  label: string;
  /** Where the id is written (the item itself when it has none). */
  node: Node;
}

/** Reads `id`: numbers and strings are normalised to a string, a missing id becomes the 1-based position. */
export function readId(noun: string, item: Node, idNode: Node | undefined, index: number, ctx: ReadContext) {
  if (idNode === undefined) {
    return { id: String(index + 1), rawId: undefined, label: `${noun} #${index + 1}`, node: item };
  }
  const raw = getNodeValue(idNode);
  const usable = (idNode.type === 'string' && raw.trim() !== '') || idNode.type === 'number';
  if (!usable) {
    ctx.sink.error(
      'wrong-type',
      `The id of ${noun} #${index + 1} is ${idNode.type === 'string' ? 'blank' : describeType(idNode)}; give it a number or a non-empty string.`,
      idNode,
    );
    return undefined;
  }
  const label = idNode.type === 'number' ? `${noun} ${raw}` : `${noun} ${JSON.stringify(raw)}`;
  return { id: String(raw).trim(), rawId: raw, label, node: idNode } satisfies CaseIdentity;
}

/** A required non-blank string (prompt, input); reports and returns undefined otherwise. */
export function readPrompt(key: string, node: Node | undefined, item: Node, label: string, ctx: ReadContext) {
  if (node?.type === 'string' && getNodeValue(node).trim() !== '') return getNodeValue(node) as string;
  if (node === undefined || node.type === 'string') {
    const what = node === undefined ? 'has no' : 'has a blank';
    ctx.sink.error(
      'missing-prompt',
      `${cap(label)} ${what} "${key}"; add a "${key}" string to ${label}.`,
      node ?? item,
    );
  } else {
    ctx.sink.error('wrong-type', `"${key}" of ${label} is ${describeType(node)}; write it as a string.`, node);
  }
  return undefined;
}

/** An optional string; a wrong type is reported and ignored. */
export function readOptionalString(key: string, node: Node | undefined, label: string, ctx: ReadContext) {
  if (node === undefined || node.type === 'null') return undefined;
  if (node.type === 'string') return getNodeValue(node) as string;
  ctx.sink.error('wrong-type', `"${key}" of ${label} is ${describeType(node)}; write it as a string.`, node);
  return undefined;
}

/** `timeout` in seconds, as BMAD reads it. */
export function readTimeout(node: Node | undefined, label: string, ctx: ReadContext): number | undefined {
  if (node === undefined) return undefined;
  if (node.type === 'number' && getNodeValue(node) > 0) return getNodeValue(node);
  const found = node.type === 'number' ? String(getNodeValue(node)) : describeType(node);
  ctx.sink.error('wrong-type', `"timeout" of ${label} is ${found}; write a positive number of seconds.`, node);
  return undefined;
}

/** A list of natural-language criteria (`assertions`, `expectations`, `rubric`) as `llm-rubric` checks. */
export function readCriteria(key: string, node: Node | undefined, label: string, ctx: ReadContext): Check[] {
  if (node === undefined || node.type === 'null') return [];
  if (node.type !== 'array') {
    const fix = node.type === 'string' ? `wrap it in a list: "${key}": ["…"]` : 'write a list of strings';
    ctx.sink.error('wrong-type', `"${key}" of ${label} is ${describeType(node)}; ${fix}.`, node);
    return [];
  }
  const checks: Check[] = [];
  itemsOf(node).forEach((itemNode, i) => {
    const where = `item ${i + 1} of "${key}" in ${label}`;
    if (itemNode.type === 'string') {
      const text = getNodeValue(itemNode) as string;
      if (text.trim() === '')
        ctx.sink.warning('blank-assertion', `${cap(where)} is blank and was left out; remove it.`, itemNode);
      else checks.push({ type: 'llm-rubric', value: text, name: text });
      return;
    }
    const obj = itemNode.type === 'object' ? (getNodeValue(itemNode) as Record<string, unknown>) : undefined;
    const typed = obj ? typedCheck(obj) : undefined;
    if (typed) {
      ctx.sink.info(
        'typed-assertion',
        `${cap(where)} is a typed check ({type: ${JSON.stringify(obj!.type)}, value}); it is graded as "${typed.negate ? 'not-' : ''}${typed.type}" on ${typed.type === 'fixture-unchanged' ? "the case's fixtures" : 'the final answer'}, not by the judge. skill-creator and AgentV read only string lists and would not grade it.`,
        itemNode,
      );
      checks.push(typed);
      return;
    }
    const misspelt = obj ? typeProblem(obj) : undefined;
    if (misspelt) {
      ctx.sink.error(
        misspelt.ruleId,
        `${cap(where)}: ${misspelt.message} An object with a "type" and no "description" or "expected" text is a typed check; fix its type, or write the criterion as a plain string.`,
        property(itemNode, 'type') ?? itemNode,
      );
      return;
    }
    const converted = obj ? rubricFromObject(obj) : undefined;
    if (converted) {
      ctx.sink.warning(
        'assertion-not-string',
        `${cap(where)} is an object, not a string; it is graded as an LLM rubric made of its "description" and "expected" text. Write it as a plain string to say exactly what the judge checks (skill-creator and AgentV ignore such lists).`,
        itemNode,
      );
      checks.push(converted);
      return;
    }
    ctx.sink.error(
      'assertion-not-string',
      `${cap(where)} is ${describeType(itemNode)}; each ${key} item must be a string the judge can check.`,
      itemNode,
    );
  });
  return checks;
}

/**
 * Typed assertions some evals.json runners read (`{type: content_contains, value}` and its kin): what each checks of
 * the answer, as a check type and whether it is negated.
 */
const TYPED: Record<string, { type: string; negate?: true; valueOptional?: true }> = {
  // BMAD: "assertions may check that the skill did not modify" the fixtures; the value names some, else all.
  fixture_unchanged: { type: 'fixture-unchanged', valueOptional: true },
  fixtures_unchanged: { type: 'fixture-unchanged', valueOptional: true },
  content_contains: { type: 'contains' },
  output_contains: { type: 'contains' },
  contains: { type: 'contains' },
  content_not_contains: { type: 'contains', negate: true },
  output_not_contains: { type: 'contains', negate: true },
  not_contains: { type: 'contains', negate: true },
  icontains: { type: 'icontains' },
  not_icontains: { type: 'icontains', negate: true },
  regex: { type: 'regex' },
  content_regex: { type: 'regex' },
  content_matches: { type: 'regex' },
  not_regex: { type: 'regex', negate: true },
};

/** The check types an evals.json assertion may name: the typed assertions above and skill-eval's own. */
const TYPE_NAMES = [...new Set([...Object.keys(TYPED), ...KNOWN_CHECK_TYPES])];

/**
 * What is wrong with an object written as a typed check (`{type, value}`) whose type skill-eval cannot grade: a
 * misspelling (naming the closest type) or a type of another tool. An object with prose (`description`, `expected`,
 * `criterion`) is an author's rubric whose `type` is a label (`contains_concept`, `format_check`): none.
 */
function typeProblem(obj: Record<string, unknown>) {
  if (typeof obj.type !== 'string' || obj.type.trim() === '') return undefined;
  if (['description', 'expected', 'criterion'].some((key) => obj[key] !== undefined)) return undefined;
  const type = obj.type.trim();
  if (TYPED[type.toLowerCase().replaceAll('-', '_')] !== undefined) return undefined;
  const problem = checkTypeProblem(type);
  if (problem === undefined) return undefined;
  return isUnsupportedType(type)
    ? { ruleId: 'unsupported-check-type' as const, message: `${problem}.` }
    : { ruleId: 'unknown-check-type' as const, message: unknownTypeMessage(type, TYPE_NAMES) };
}

/** `{type: content_contains, value: "plan"}` → a deterministic check; undefined for an untyped or unknown object. */
function typedCheck(obj: Record<string, unknown>): Check | undefined {
  const kind = typeof obj.type === 'string' ? TYPED[obj.type.trim().toLowerCase().replaceAll('-', '_')] : undefined;
  const value = obj.value ?? obj.pattern ?? obj.text;
  if (!kind || obj.path !== undefined) return undefined;
  if (value === undefined && kind.valueOptional) {
    const name = typeof obj.name === 'string' && obj.name.trim() ? obj.name : String(obj.type);
    return { type: kind.type, name, ...(kind.negate ? { negate: true } : {}) };
  }
  if (typeof value !== 'string' || value === '') return undefined;
  const name = typeof obj.name === 'string' && obj.name.trim() ? obj.name : `${obj.type}: ${value}`;
  return { type: kind.type, value, name, ...(kind.negate ? { negate: true } : {}) };
}

/** An object assertion as some authors write it (`{name, type, description, expected}`) → a rubric, when it has text. */
function rubricFromObject(obj: Record<string, unknown>): Check | undefined {
  const text = (key: string) => (typeof obj[key] === 'string' && obj[key].trim() !== '' ? obj[key].trim() : undefined);
  const description = text('description') ?? text('text') ?? text('criterion') ?? text('value');
  const expected = text('expected');
  const value =
    description && expected
      ? `${description.replace(/[.\s]+$/, '')}. Expected: ${expected}`
      : (description ?? expected);
  if (!value) return undefined;
  return { type: 'llm-rubric', value, name: text('name') ?? value };
}

/** The `files` of an item: the entries found, and those that do not exist (kept as written, to be reported and converted). */
export interface CaseFiles {
  found: FixtureFile[];
  missing: string[];
}

/** `files`: each entry resolved against the context's bases; problems are reported per entry. */
export function readFiles(node: Node | undefined, label: string, ctx: ReadContext): CaseFiles {
  const files: CaseFiles = { found: [], missing: [] };
  if (node === undefined || node.type === 'null') return files;
  if (node.type !== 'array') {
    ctx.sink.error('wrong-type', `"files" of ${label} is ${describeType(node)}; write a list of relative paths.`, node);
    return files;
  }
  itemsOf(node).forEach((entryNode, i) => {
    const entry = getNodeValue(entryNode);
    if (entryNode.type !== 'string' || entry.trim() === '') {
      const found = entryNode.type === 'string' ? 'blank' : describeType(entryNode);
      ctx.sink.error(
        'wrong-type',
        `Item ${i + 1} of "files" in ${label} is ${found}; write a relative path.`,
        entryNode,
      );
      return;
    }
    const result = resolveFixture(entry, ctx.fixtureBases, ctx.projectRoot);
    if (result.kind === 'ok') files.found.push(result.fixture);
    else if (result.kind === 'outside') {
      ctx.sink.errorNeedingTrust(
        'file-escapes-root',
        outsideProjectMessage(entry, result.path, ctx.projectRoot),
        entryNode,
      );
    } else if (result.kind === 'escape') {
      ctx.sink.error('file-escapes-root', `File "${entry}" of ${label} is refused: ${result.reason}.`, entryNode);
    } else {
      files.missing.push(entry);
      ctx.sink.report(
        ctx.missingFiles,
        'missing-file',
        `File "${entry}" of ${label} does not exist; looked for ${result.lookedAt.join(' and ')}. Add the file or fix the path.`,
        entryNode,
      );
    }
  });
  return files;
}

/** Capitalises a label at the start of a sentence. */
export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
