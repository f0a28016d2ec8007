import {
  type Document,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  parseDocument,
  visit,
  type YAMLMap,
} from 'yaml';
import type { Position } from './line-index.js';
import { decodeYamlSnapshot, documentDifference, encodeYamlSnapshot } from './yaml-snapshot.js';
import { currentYamlStore } from './yaml-store.js';

/** One YAML syntax problem, positioned. */
export interface YamlProblem extends Position {
  code: string;
  message: string;
}

/** A parsed YAML document with every syntax error and warning positioned, and node positions. */
export interface ParsedYaml {
  /** The yaml library's document, with every node and its range. */
  readonly doc: Document.Parsed;
  readonly errors: YamlProblem[];
  readonly warnings: YamlProblem[];
  /** Where a node starts (1-based). */
  positionOf(node: Node | null | undefined): Position | undefined;
  positionAt(offset: number): Position;
  /** A node's text as written (from `range[0]` to `range[1]`): `2025-01-15T00:00:00Z` for that plain scalar. */
  sourceOf(node: Node): string | undefined;
  /** The document as plain data, as `doc.toJS(options)` gives it (and throws); a new copy on every call. */
  toJS(options?: { maxAliasCount?: number }): unknown;
  /**
   * The same data, shared between callers when it can be (to inspect a document): read it, never change it. A text
   * without aliases gives one value for every `maxAliasCount`, so each format's detector converts it once between them.
   */
  data(options?: { maxAliasCount?: number }): unknown;
  /** Where the node at `path` starts, as `positionOf(doc.getIn(path, true))`; `[]` is the document's contents. */
  positionAtPath(path: readonly PropertyKey[]): Position | undefined;
}

/**
 * Parses YAML keeping node ranges, collecting every error rather than stopping at the first.
 * Plain scalars such as `2024-01-02 10:00` stay strings (YAML 1.2 core schema): the raw text is kept,
 * where PyYAML would have made a datetime. The result is shared with later calls on the same text: do not mutate it.
 */
export function parseYaml(text: string): ParsedYaml {
  // Detection asks every YAML format about the same text, then one of them loads it, and a skill-up suite reads
  // the case files that were detected just before it: parse each text once.
  const known = recent.get(text);
  const parsed = (known instanceof WeakRef ? known.deref() : known) ?? fromStoreOrParsed(text);
  remember(text, parsed);
  return parsed;
}

const PARSE_OPTIONS = { prettyErrors: false, uniqueKeys: true, keepSourceTokens: false } as const;

function fromStoreOrParsed(text: string): ParsedYaml {
  const store = currentYamlStore();
  const kept = store?.get(text);
  if (kept !== undefined) {
    let rebuilt: ReturnType<typeof decodeYamlSnapshot> | undefined;
    try {
      rebuilt = decodeYamlSnapshot(kept, text, PARSE_OPTIONS);
    } catch {
      // A damaged or foreign entry: the text is parsed, and its snapshot written again below.
    }
    if (rebuilt) {
      if (CHECKED) checkAgainstParse(text, rebuilt.doc);
      return parsedYaml(text, rebuilt.doc, rebuilt.lineCounter);
    }
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, ...PARSE_OPTIONS });
  if (store) {
    const snapshot = encodeYamlSnapshot(doc, lineCounter, text.length);
    if (snapshot !== undefined) store.put(text, snapshot);
  }
  return parsedYaml(text, doc, lineCounter);
}

/**
 * Recently parsed texts, newest last: held strongly up to {@link KEPT_CHARS} characters of text, a larger one
 * weakly (it is not kept alive for the rest of a run once its file is loaded). Callers treat results as read-only.
 */
const recent = new Map<string, ParsedYaml | WeakRef<ParsedYaml>>();
const KEPT_CHARS = 256 * 1024;
/** Most texts remembered, so that many tiny files do not make a long list. */
const MAX_TEXTS = 1024;
let keptChars = 0;

function remember(text: string, parsed: ParsedYaml): void {
  const old = recent.get(text);
  if (old !== undefined) {
    recent.delete(text);
    if (!(old instanceof WeakRef)) keptChars -= text.length;
  }
  if (text.length > KEPT_CHARS) recent.set(text, new WeakRef(parsed));
  else {
    recent.set(text, parsed);
    keptChars += text.length;
  }
  for (const [key, value] of recent) {
    if (keptChars <= KEPT_CHARS && recent.size <= MAX_TEXTS) break;
    recent.delete(key);
    if (!(value instanceof WeakRef)) keptChars -= key.length;
  }
}

/** Read once: `process.env` is slow to read. */
const CHECKED = Boolean(process.env.SKILL_EVAL_CHECK_FAST_PATHS);

/** Under SKILL_EVAL_CHECK_FAST_PATHS (every test process): a rebuilt document must be the one a parse gives. */
function checkAgainstParse(text: string, rebuilt: Document.Parsed): void {
  const parsed = parseDocument(text, { lineCounter: new LineCounter(), ...PARSE_OPTIONS });
  const difference = documentDifference(rebuilt, parsed);
  if (difference)
    throw new Error(`A YAML document rebuilt from its snapshot differs from a parse of its text: ${difference}`);
}

function parsedYaml(text: string, doc: Document.Parsed, lineCounter: LineCounter): ParsedYaml {
  const positionAt = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  const problem = (e: { code: string; message: string; pos: [number, number] }): YamlProblem => ({
    code: e.code,
    message: e.message.split('\n')[0]!,
    ...positionAt(e.pos[0]),
  });
  const positionOf = (node: Node | null | undefined) => (node?.range ? positionAt(node.range[0]) : undefined);
  // An alias is written `*name`: a text without `*` has none, so no alias limit can change its data or make it throw.
  const limitMatters = text.includes('*');
  let shared: { value: unknown } | undefined;
  return {
    doc,
    errors: oneStackOverflow(doc.errors.map(problem)),
    warnings: doc.warnings.map(problem),
    positionOf,
    positionAt,
    sourceOf: (node) => (node.range ? text.slice(node.range[0], node.range[1]) : undefined),
    toJS: (options) => aliasesPositioned(() => doc.toJS(options), doc, positionOf),
    data(options) {
      if (options && limitMatters) return aliasesPositioned(() => doc.toJS(options), doc, positionOf);
      shared ??= { value: aliasesPositioned(() => doc.toJS(), doc, positionOf) };
      return shared.value;
    },
    positionAtPath: (path) => positionOf((path.length ? doc.getIn(path, true) : doc.contents) as Node | null),
  };
}

/**
 * `toJS()`, whose error for aliases that expand past the allowed count (an alias bomb) or name no anchor carries the
 * position of the document's first alias (`line`, `column`), so that whoever reports it can point at it.
 */
function aliasesPositioned(
  toJS: () => unknown,
  doc: Document.Parsed,
  positionOf: (node: Node) => Position | undefined,
) {
  try {
    return toJS();
  } catch (error) {
    let first: Position | undefined;
    visit(doc, {
      Alias(_, node) {
        first = positionOf(node);
        return visit.BREAK;
      },
    });
    if (first && error instanceof Error) Object.assign(error, first);
    throw error;
  }
}

/**
 * A document nested deeper than the parser's stack reaches fails at every level it unwinds through, each with the
 * engine's own words ("Maximum call stack size exceeded"), as many times as the stack had room for: one error at
 * the first of them says what to do instead.
 */
function oneStackOverflow(problems: YamlProblem[]): YamlProblem[] {
  // Under any code the library gives it (RESOURCE_EXHAUSTION, TAG_RESOLVE_FAILED …), in the engine's words.
  const isOverflow = (p: YamlProblem) => p.code === 'RESOURCE_EXHAUSTION' || p.message.includes('call stack');
  const overflows = problems.filter(isOverflow);
  if (overflows.length === 0) return problems;
  const first = overflows.reduce((a, b) => (b.line < a.line || (b.line === a.line && b.column < a.column) ? b : a));
  return [
    ...problems.filter((p) => !isOverflow(p)),
    {
      line: first.line,
      column: first.column,
      code: 'RESOURCE_EXHAUSTION',
      message:
        'lists and maps nest too deeply here for the parser to follow (it ran out of stack); no eval file needs that depth, so flatten the structure',
    },
  ];
}

/** The value node of `key` in a map node. */
export function yamlGet(map: unknown, key: string): Node | undefined {
  if (!isMap(map)) return undefined;
  const pair = (map as YAMLMap).items.find((item) => isScalar(item.key) && item.key.value === key);
  return (pair?.value ?? undefined) as Node | undefined;
}

/** The key node of `key` in a map node (to point at the key itself). */
export function yamlKeyNode(map: unknown, key: string): Node | undefined {
  if (!isMap(map)) return undefined;
  const pair = (map as YAMLMap).items.find((item) => isScalar(item.key) && item.key.value === key);
  return (pair?.key ?? undefined) as Node | undefined;
}

/** The keys of a map node, in file order. */
export function yamlKeys(map: unknown): string[] {
  if (!isMap(map)) return [];
  return (map as YAMLMap).items.flatMap((item) => (isScalar(item.key) ? [String(item.key.value)] : []));
}

/** The item nodes of a sequence node. */
export function yamlItems(seq: unknown): Node[] {
  return isSeq(seq) ? (seq.items as Node[]) : [];
}

export type { Node as YamlNode } from 'yaml';
export { isMap as isYamlMap, isScalar as isYamlScalar, isSeq as isYamlSeq };
