import {
  Composer,
  Document,
  isDocument,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  Pair,
  Scalar,
  type Schema,
  YAMLMap,
  YAMLSeq,
} from 'yaml';
import { YAML_SNAPSHOT_FORMAT } from './yaml-store.js';

/**
 * A parsed YAML document written down as plain JSON text, and the document rebuilt from it: node for node, with the
 * same classes, values, source texts, scalar types, ranges, comments and line starts, so that every reader of the
 * document (`toJS`, `getIn`, positions, `toString`) sees what a fresh parse of the same text gives. Rebuilding skips
 * the lexer and parser, which run cold in a short-lived process and cost most of a large file's loading.
 *
 * Only what the encoder knows how to rebuild is written: a document with errors or warnings, directives, tags,
 * anchors or aliases, or a node property it does not know, has no snapshot (it is parsed each time). The decoder
 * trusts nothing it reads: anything out of shape makes it throw, and the caller parses the text instead.
 */

const SCALAR = 0;
const MAP = 1;
const SEQ = 2;
const NULL = 3;
const SCALAR_TYPES = ['PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'] as const;
/** Properties a node may carry beyond its value, items and range, with the type each must have. */
const OPTIONAL: Readonly<Record<string, 'string' | 'boolean' | 'number'>> = {
  comment: 'string',
  commentBefore: 'string',
  spaceBefore: 'boolean',
  flow: 'boolean',
  format: 'string',
  minFractionDigits: 'number',
};
/** Properties every node of its kind has, written in the node's own fields. */
const SCALAR_KEYS = new Set(['value', 'range', 'source', 'type']);
const COLLECTION_KEYS = new Set(['items', 'range']);
const DOCUMENT_KEYS = new Set([
  'commentBefore',
  'comment',
  'errors',
  'warnings',
  'options',
  'directives',
  'schema',
  'contents',
  'range',
]);

interface Snapshot {
  format: typeof YAML_SNAPSHOT_FORMAT;
  /** Length of the text it was made from. */
  length: number;
  /** The document's contents, flattened in document order (see `encodeNode`). */
  nodes: unknown[];
  range: [number, number, number];
  /** Offsets where lines start, as differences from the previous one. */
  lines: number[];
  docStart: true | null;
  docEnd: boolean;
  comment: string | null;
  commentBefore: string | null;
}

/** Thrown inside the encoder for a document it does not write down. */
class Unsupported extends Error {}

/** The snapshot of `doc` (parsed from a text of `length` characters), or undefined when it has none. */
export function encodeYamlSnapshot(doc: Document.Parsed, lineCounter: LineCounter, length: number): string | undefined {
  if (doc.errors.length > 0 || doc.warnings.length > 0) return undefined;
  const { directives } = doc;
  if (
    directives.yaml.explicit ||
    directives.yaml.version !== '1.2' ||
    // `%TAG` directives: the rebuilt document has the default handles only.
    Object.keys(directives.tags).length !== 1 ||
    directives.tags['!!'] !== 'tag:yaml.org,2002:' ||
    Object.keys(doc).some((key) => !DOCUMENT_KEYS.has(key))
  )
    return undefined;
  const nodes: unknown[] = [];
  try {
    encodeNode(doc.contents as Node | null, nodes, { start: 0 });
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  const lines = lineCounter.lineStarts.map((start, i, all) => start - (i === 0 ? 0 : all[i - 1]!));
  const snapshot: Snapshot = {
    format: YAML_SNAPSHOT_FORMAT,
    length,
    nodes,
    range: doc.range,
    lines,
    docStart: directives.docStart ? true : null,
    docEnd: directives.docEnd,
    comment: doc.comment ?? null,
    commentBefore: doc.commentBefore ?? null,
  };
  return JSON.stringify(snapshot);
}

/**
 * A node, flattened: a scalar is `[0, value, source, ...range, type, extra]`, a map `[1, pairs, ...range, extra]`
 * followed by each pair's key and value, a sequence `[2, items, ...range, extra]` followed by its items, an absent node
 * `3`. `range` is three numbers: where the node starts, as a step from where the node before it started, then the
 * value's end and the node's end, each as a step from the one before (small numbers, a short text). `source` is 0 when
 * it is the value itself, `type` an index in SCALAR_TYPES (-1: none), `extra` 0 or an object of OPTIONAL properties.
 */
function encodeNode(node: Node | null, out: unknown[], at: { start: number }): void {
  if (node === null) {
    out.push(NULL);
    return;
  }
  if (isScalar(node)) {
    const { value, source, type } = node;
    const plainValue =
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      value === null ||
      (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0));
    if (!plainValue || (source !== undefined && typeof source !== 'string')) throw new Unsupported();
    const typeIndex = type === undefined ? -1 : SCALAR_TYPES.indexOf(type as (typeof SCALAR_TYPES)[number]);
    if (type !== undefined && typeIndex < 0) throw new Unsupported();
    out.push(SCALAR, value, source === undefined ? null : source === value ? 0 : source);
    pushRange(node, out, at);
    out.push(typeIndex, extraOf(node, SCALAR_KEYS));
    return;
  }
  if ((isMap(node) || isSeq(node)) && exactClass(node)) {
    const map = isMap(node);
    out.push(map ? MAP : SEQ, node.items.length);
    pushRange(node, out, at);
    out.push(extraOf(node, COLLECTION_KEYS));
    for (const item of node.items as unknown[]) {
      if (map) {
        if (!isPair(item) || Object.keys(item).length !== 2) throw new Unsupported();
        encodeNode(item.key as Node | null, out, at);
        encodeNode(item.value as Node | null, out, at);
      } else {
        if (isPair(item)) throw new Unsupported();
        encodeNode(item as Node | null, out, at);
      }
    }
    return;
  }
  throw new Unsupported();
}

/** A plain map or sequence, not one of the schema's subclasses (`!!set`, `!!omap`, which carry a tag anyway). */
const exactClass = (node: Node): boolean =>
  Object.getPrototypeOf(node) === YAMLMap.prototype || Object.getPrototypeOf(node) === YAMLSeq.prototype;

function pushRange(node: Node, out: unknown[], at: { start: number }): void {
  const range = node.range;
  if (range?.length !== 3) throw new Unsupported();
  out.push(range[0] - at.start, range[1] - range[0], range[2] - range[1]);
  at.start = range[0];
}

/** The node's OPTIONAL properties (0: none); throws on a property that is neither known nor optional. */
function extraOf(node: Node, known: ReadonlySet<string>): 0 | Record<string, unknown> {
  let extra: Record<string, unknown> | 0 = 0;
  for (const key of Object.keys(node)) {
    if (known.has(key)) continue;
    const value = (node as unknown as Record<string, unknown>)[key];
    if (!Object.hasOwn(OPTIONAL, key)) throw new Unsupported();
    if (value === undefined) continue;
    if (typeof value !== OPTIONAL[key]) throw new Unsupported();
    if (extra === 0) extra = {};
    extra[key] = value;
  }
  return extra;
}

/** What a snapshot rebuilds: the document and its line counter, as `parseDocument` would have left them. */
export interface RebuiltYaml {
  doc: Document.Parsed;
  lineCounter: LineCounter;
}

/**
 * The document a snapshot of `text` holds. Throws on a snapshot of another format or text length, or on anything out
 * of shape (a damaged or hand-made entry): the caller then parses the text.
 */
export function decodeYamlSnapshot(
  json: string,
  text: string,
  options: { prettyErrors: false; uniqueKeys: true; keepSourceTokens: false },
): RebuiltYaml {
  const snapshot = JSON.parse(json) as Partial<Snapshot> | null;
  if (
    snapshot?.format !== YAML_SNAPSHOT_FORMAT ||
    snapshot.length !== text.length ||
    !Array.isArray(snapshot.nodes) ||
    !Array.isArray(snapshot.lines) ||
    !isRange(snapshot.range, text.length) ||
    (snapshot.docStart !== null && snapshot.docStart !== true) ||
    typeof snapshot.docEnd !== 'boolean' ||
    !nullOrString(snapshot.comment) ||
    !nullOrString(snapshot.commentBefore)
  )
    throw new Error('not a snapshot of this text');
  const lineCounter = new LineCounter();
  let start = 0;
  for (const delta of snapshot.lines) {
    if (!Number.isInteger(delta) || delta < 0) throw new Error('bad line starts');
    start += delta;
    if (start > text.length) throw new Error('bad line starts');
    lineCounter.addNewLine(start);
  }
  // As parseDocument makes it: the composer's options, with its directives and line counter, become the document's.
  const doc = new Document(undefined, {
    _directives: (new Composer() as unknown as { directives: unknown }).directives,
    ...options,
    lineCounter,
  } as never) as unknown as Document.Parsed;
  if (snapshot.docStart) doc.directives.docStart = true;
  doc.directives.docEnd = snapshot.docEnd;
  const nodes = snapshot.nodes;
  const reader: Reader = { at: 0, start: 0 };
  const contents = decodeNode(nodes, reader, doc.schema, text.length);
  if (reader.at !== nodes.length) throw new Error('trailing nodes');
  doc.contents = contents as never;
  if (snapshot.comment !== null) doc.comment = snapshot.comment;
  if (snapshot.commentBefore !== null) doc.commentBefore = snapshot.commentBefore;
  doc.range = snapshot.range;
  return { doc, lineCounter };
}

/** Where the decoder is: the next field to read, and where the node before started. */
interface Reader {
  at: number;
  start: number;
}

function decodeNode(nodes: unknown[], reader: Reader, schema: Schema, length: number): Node | null {
  const i = reader.at;
  const code = nodes[i];
  if (code === NULL) {
    reader.at = i + 1;
    return null;
  }
  if (code === SCALAR) {
    const value = nodes[i + 1];
    const source = nodes[i + 2];
    const range = readRange(nodes, i + 3, reader, length);
    const type = nodes[i + 6];
    const extra = nodes[i + 7];
    reader.at = i + 8;
    if (!plainScalarValue(value) || !(source === null || source === 0 || typeof source === 'string'))
      throw new Error('bad scalar');
    if (source === 0 && typeof value !== 'string') throw new Error('bad scalar');
    const scalar = new Scalar(value);
    scalar.range = range;
    if (source !== null) scalar.source = source === 0 ? (value as string) : source;
    if (type !== -1) {
      if (typeof type !== 'number' || SCALAR_TYPES[type] === undefined) throw new Error('bad scalar type');
      scalar.type = SCALAR_TYPES[type];
    }
    applyExtra(scalar, extra);
    return scalar;
  }
  if (code === MAP || code === SEQ) {
    const count = nodes[i + 1];
    const range = readRange(nodes, i + 2, reader, length);
    const extra = nodes[i + 5];
    reader.at = i + 6;
    if (!Number.isInteger(count) || (count as number) < 0 || (count as number) > nodes.length)
      throw new Error('bad collection');
    const items: unknown[] = new Array(count as number);
    if (code === MAP) {
      for (let k = 0; k < (count as number); k++) {
        const key = decodeNode(nodes, reader, schema, length);
        items[k] = new Pair(key, decodeNode(nodes, reader, schema, length));
      }
    } else {
      for (let k = 0; k < (count as number); k++) items[k] = decodeNode(nodes, reader, schema, length);
    }
    const collection = code === MAP ? new YAMLMap(schema) : new YAMLSeq(schema);
    collection.items = items as never;
    collection.range = range;
    applyExtra(collection, extra);
    return collection;
  }
  throw new Error('bad node');
}

/** A node's range from its three steps at `nodes[i]`; throws unless it lies within the text. */
function readRange(nodes: unknown[], i: number, reader: Reader, length: number): [number, number, number] {
  const start = reader.start + (nodes[i] as number);
  const valueEnd = start + (nodes[i + 1] as number);
  const end = valueEnd + (nodes[i + 2] as number);
  const range: [number, number, number] = [start, valueEnd, end];
  if (!isRange(range, length) || valueEnd < start || end < valueEnd) throw new Error('bad range');
  reader.start = start;
  return range;
}

function plainScalarValue(value: unknown): boolean {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    value === null ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

function isRange(range: unknown, length: number): range is [number, number, number] {
  return (
    Array.isArray(range) &&
    range.length === 3 &&
    range.every((offset) => Number.isInteger(offset) && offset >= 0 && offset <= length)
  );
}

const nullOrString = (value: unknown): value is string | null => value === null || typeof value === 'string';

function applyExtra(node: Node, extra: unknown): void {
  if (extra === 0) return;
  if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) throw new Error('bad node properties');
  for (const [key, value] of Object.entries(extra)) {
    if (!Object.hasOwn(OPTIONAL, key) || typeof value !== OPTIONAL[key]) throw new Error('bad node property');
    (node as unknown as Record<string, unknown>)[key] = value;
  }
}

/**
 * The first difference between two documents (or nodes), as a path (`$.contents.items.0.value.range`), or undefined
 * when every node has the same class, the same own properties with the same values (ranges and comments included)
 * and the same children. How the tests, and every load under SKILL_EVAL_CHECK_FAST_PATHS, hold a rebuilt document to
 * a parse of its text.
 */
export function documentDifference(a: unknown, b: unknown, path = '$'): string | undefined {
  if (a === b) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return Object.is(a, b) ? undefined : `${path}: ${String(a)} ≠ ${String(b)}`;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path}: another class`;
  if (isNode(a) || isPair(a) || isDocument(a) || Array.isArray(a)) {
    // The schema, options and directives are the library's own, made afresh for each document.
    const keys = (o: object) =>
      Object.keys(o)
        .filter((k) => k !== 'schema' && k !== 'options' && k !== 'directives')
        .sort();
    const [ka, kb] = [keys(a), keys(b)];
    if (ka.join() !== kb.join()) return `${path}: keys ${ka.join()} ≠ ${kb.join()}`;
    for (const key of ka) {
      const found = documentDifference((a as never)[key], (b as never)[key], `${path}.${key}`);
      if (found) return found;
    }
    return undefined;
  }
  return JSON.stringify(a) === JSON.stringify(b) ? undefined : `${path}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
}
