import { type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { createLineIndex, type Position } from './line-index.js';

export type { Node as JsonNode } from 'jsonc-parser';

/** One JSON syntax error, positioned. */
export interface JsonSyntaxError extends Position {
  /** What the parser expected, e.g. `CommaExpected`. */
  code: string;
}

/** A parsed JSON document: the tree (best effort when broken), its syntax errors and a position lookup. */
export interface ParsedJson {
  root: Node | undefined;
  errors: JsonSyntaxError[];
  positionAt(offset: number): Position;
}

/**
 * Parses JSON strictly (no comments, no trailing commas, as JSON.parse), keeping every node's offset
 * so diagnostics can point at the value at fault, and collecting every syntax error, not the first.
 * The result is shared with later calls on the same text: do not mutate it.
 */
export function parseJson(text: string): ParsedJson {
  // Detection asks every JSON format about the same text, then one of them loads it: parse it once.
  const known = recent.get(text)?.deref();
  if (known) return known;
  const parsed = parseJsonText(text);
  if (recent.size >= RECENT_TEXTS) recent.delete(recent.keys().next().value!);
  recent.set(text, new WeakRef(parsed));
  return parsed;
}

/** How many recently parsed texts are remembered (held weakly, as parseYaml's). */
const RECENT_TEXTS = 4;
const recent = new Map<string, WeakRef<ParsedJson>>();

function parseJsonText(text: string): ParsedJson {
  // A BOM is replaced, not removed, so offsets still match the file.
  const source = text.startsWith('\uFEFF') ? ` ${text.slice(1)}` : text;
  const positionAt = createLineIndex(source);
  // The parser recurses per level: past some thousands it runs out of stack, at a depth that depends on the caller.
  const tooDeep = nestingBeyond(source, MAX_NESTING);
  if (tooDeep !== undefined)
    return { root: undefined, errors: [{ code: 'NestingTooDeep', ...positionAt(tooDeep) }], positionAt };
  const raw: ParseError[] = [];
  const root = parseTree(source, raw, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  // The parser may report several codes at one offset while recovering; the first says it best.
  const seen = new Set<number>();
  const firstAtOffset = raw.filter((e) => !seen.has(e.offset) && seen.add(e.offset));
  const errors: JsonSyntaxError[] = firstAtOffset.map((e) => ({
    code: printParseErrorCode(e.error),
    ...positionAt(e.offset),
  }));
  for (const node of numbersOutOfRange(root)) errors.push({ code: 'NumberOutOfRange', ...positionAt(node.offset) });
  return { root, errors, positionAt };
}

/** Number nodes too large for a double (`1e400`), which every JSON reader turns into Infinity. */
function numbersOutOfRange(node: Node | undefined, found: Node[] = []): Node[] {
  if (!node) return found;
  if (node.type === 'number' && !Number.isFinite(node.value)) found.push(node);
  for (const child of node.children ?? []) numbersOutOfRange(child, found);
  return found;
}

/** Deepest nesting of lists and objects read; far beyond any eval file, well within the parser's stack. */
export const MAX_NESTING = 1000;

/** Offset of the bracket that opens level `max + 1` of nesting (strings skipped), or undefined when none does. */
function nestingBeyond(text: string, max: number): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string, escapes included; an unclosed one ends the scan (the parser reports it).
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}

/** The value node of `key` in an object node (the last one, as JSON.parse keeps). */
export function property(node: Node | undefined, key: string): Node | undefined {
  if (node?.type !== 'object') return undefined;
  let found: Node | undefined;
  for (const pair of node.children ?? []) if (pair.children?.[0]?.value === key) found = pair.children[1];
  return found;
}

/** The keys of an object node, in file order, with their key nodes. */
export function keysOf(node: Node): { key: string; keyNode: Node; valueNode: Node | undefined }[] {
  if (node.type !== 'object') return [];
  return (node.children ?? []).map((pair) => ({
    key: String(pair.children?.[0]?.value),
    keyNode: pair.children![0]!,
    valueNode: pair.children?.[1],
  }));
}

/**
 * The keys of an object node outside `known`, in file order: candidates for an "unknown key" warning. A key
 * starting with `_` (`_design_notes`, `_pattern`) is commentary by convention, never unknown.
 */
export function unknownKeys(node: Node, known: ReadonlySet<string>): { key: string; keyNode: Node }[] {
  return keysOf(node).filter(({ key }) => !known.has(key) && !key.startsWith('_'));
}

/** The elements of an array node. */
export function itemsOf(node: Node): Node[] {
  return node.type === 'array' ? (node.children ?? []) : [];
}

/** Describes a node's JSON type for messages: `a number`, `an object` … */
export function describeType(node: Node): string {
  switch (node.type) {
    case 'object':
      return 'an object';
    case 'array':
      return 'a list';
    case 'null':
      return 'null';
    default:
      return `a ${node.type}`;
  }
}

/** Every key written twice in one object, as [first, repeat] key nodes; JSON.parse silently keeps the last. */
export function duplicateKeys(node: Node | undefined): [Node, Node][] {
  if (!node) return [];
  const found: [Node, Node][] = [];
  if (node.type === 'object') {
    const seen = new Map<string, Node>();
    for (const { key, keyNode } of keysOf(node)) {
      const first = seen.get(key);
      if (first) found.push([first, keyNode]);
      else seen.set(key, keyNode);
    }
  }
  for (const child of node.children ?? []) found.push(...duplicateKeys(child));
  return found;
}
