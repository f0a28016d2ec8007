import { COLLECTION_STYLE, EVENT_ID, type Event, SCALAR_STYLE } from 'js-yaml';
import { Document, isMap, isScalar, isSeq, type Node, Pair, type Range, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import { readScalar } from './read-yaml-fast.js';

/** A document built from a fast read, and the places of its nodes known without the yaml library's parse. */
export interface FastDocument {
  doc: Document.Parsed;
  /** Start offset of each map and list node, and [start, end) of each plain or quoted scalar (keys too). */
  spans: WeakMap<Node, readonly [number, number]>;
}

const STYLES: Record<number, Scalar.Type> = {
  [SCALAR_STYLE.PLAIN]: 'PLAIN',
  [SCALAR_STYLE.SINGLE_QUOTED]: 'QUOTE_SINGLE',
  [SCALAR_STYLE.DOUBLE_QUOTED]: 'QUOTE_DOUBLE',
  [SCALAR_STYLE.LITERAL_BLOCK]: 'BLOCK_LITERAL',
  [SCALAR_STYLE.FOLDED_BLOCK]: 'BLOCK_FOLDED',
};

type Path = readonly (string | number)[];

interface Frame {
  node: YAMLMap | YAMLSeq;
  path: Path;
  flow: boolean;
  /** A map's key node waiting for its value. */
  key: Scalar | undefined;
}

/**
 * The yaml library's document for a text {@link readYamlFast} read, built from the same parser events: every node
 * with the value, scalar style and source the yaml library gives it (comments are not kept). A node's `range` comes
 * from `exact` (the yaml library's own parse) when something reads it; where nodes start, and plain and quoted
 * scalars end, is known from the events ({@link FastDocument.spans}). Undefined when an empty value sits in a flow
 * collection, where the yaml library may leave the value out.
 */
export function fastDocument(text: string, events: Event[], exact: () => Document.Parsed): FastDocument | undefined {
  const spans = new WeakMap<Node, readonly [number, number]>();
  const lazyRange = (node: Node, path: Path, key: boolean) => {
    let range: Range | undefined;
    Object.defineProperty(node, 'range', {
      configurable: true,
      enumerable: true,
      get: () => {
        range ??= twin(exact(), path, key)?.range ?? undefined;
        return range;
      },
      set: (value: Range) => {
        range = value;
      },
    });
  };
  const doc = new Document() as Document.Parsed;
  doc.contents = null;
  const stack: Frame[] = [];

  const place = (node: YAMLMap | YAMLSeq | Scalar) => {
    const frame = stack.at(-1);
    if (!frame) doc.contents = node as Document.Parsed['contents'];
    else if (frame.node instanceof YAMLSeq) frame.node.items.push(node);
    else {
      frame.node.items.push(new Pair(frame.key, node));
      frame.key = undefined;
    }
  };
  const pathOf = (frame: Frame | undefined): Path => {
    if (!frame) return [];
    if (frame.node instanceof YAMLSeq) return [...frame.path, frame.node.items.length];
    return [...frame.path, String(frame.key!.value)];
  };

  for (const event of events) {
    const frame = stack.at(-1);
    if (event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE) {
      const path = pathOf(frame);
      const node = event.type === EVENT_ID.MAPPING ? new YAMLMap(doc.schema) : new YAMLSeq(doc.schema);
      if (event.style === COLLECTION_STYLE.FLOW) node.flow = true;
      spans.set(node, [event.start, -1]);
      lazyRange(node, path, false);
      stack.push({ node, path, flow: event.style === COLLECTION_STYLE.FLOW, key: undefined });
    } else if (event.type === EVENT_ID.SCALAR) {
      const isKey = frame?.node instanceof YAMLMap && frame.key === undefined;
      if (event.valueStart === -1 && frame?.flow) return undefined;
      const read = readScalar(text, event);
      const scalar = isScalar(read.value) ? read.value : new Scalar(read.value);
      scalar.source = read.source;
      scalar.type = STYLES[event.style]!;
      if (read.format) scalar.format = read.format;
      const path = isKey ? [...frame!.path, read.source] : pathOf(frame);
      lazyRange(scalar, path, isKey);
      if (event.valueStart !== -1 && !scalar.type.startsWith('BLOCK'))
        spans.set(scalar, [event.valueStart - (scalar.type === 'PLAIN' ? 0 : 1), read.end]);
      if (isKey) frame.key = scalar;
      else place(scalar);
    } else if (event.type === EVENT_ID.POP) {
      const done = stack.pop();
      if (done) place(done.node);
    }
  }
  Object.defineProperty(doc, 'range', { configurable: true, enumerable: true, get: () => exact().range });
  return { doc, spans };
}

/** The node at `path` in the yaml library's own document (with `key`, the key node of its last step). */
function twin(doc: Document.Parsed, path: Path, key: boolean): Node | undefined {
  let node: unknown = doc.contents;
  for (const [i, step] of path.entries()) {
    if (isMap(node)) {
      const pair = node.items.find((item) => (item.key as Scalar | null)?.value === step);
      node = key && i === path.length - 1 ? pair?.key : pair?.value;
    } else if (isSeq(node)) node = node.items[step as number];
    else return undefined;
  }
  return (node ?? undefined) as Node | undefined;
}
