import {
  COLLECTION_STYLE,
  EVENT_ID,
  type Event,
  getScalarValue,
  parseEvents,
  SCALAR_STYLE,
  type ScalarEvent,
} from 'js-yaml';
import { isScalar, parseDocument } from 'yaml';

/** A document read by {@link readYamlFast}: its plain data and where each of its maps and lists starts. */
export interface FastYaml {
  /** The document as plain data, as the yaml library's `doc.toJS()` gives it. */
  value: unknown;
  /** Offset of each map and list in `value` (by identity), as the yaml library's `node.range[0]`. */
  starts: Map<object, number>;
  /** The parser events, to build the yaml library's document from when asked for. */
  events: Event[];
}

// The yaml library's own core schema and options, so plain scalars resolve exactly as parseYaml's documents do.
const reference = parseDocument('', { prettyErrors: false, uniqueKeys: true });
const CORE_TAGS = reference.schema.tags.filter((tag) => tag.default === true && tag.test && tag.resolve);
const OPTIONS = reference.options;
const ignore = () => {};

/** A plain scalar under the YAML 1.2 core schema (`true`, `3`, `~` …), resolved by the yaml library's own tags. */
function resolvePlain(text: string): { value: unknown; format: string | undefined } {
  const tag = CORE_TAGS.find((t) => t.test!.test(text));
  if (!tag) return { value: text, format: undefined };
  const resolve = tag.resolve as (text: string, onError: () => void, options: unknown) => unknown;
  // A Scalar (as for `1.50`) carries presentation details the yaml library keeps on the node.
  return { value: resolve(text, ignore, OPTIONS), format: tag.format };
}

/**
 * Text the two libraries may read differently: a lone `\r`, a tab in a line's indentation, a block scalar with
 * an explicit indentation indicator (`|2`, `>1-`), an explicit key (`? key`), spaces ending the text. Matched
 * anywhere, quoted text too: a false match only costs speed.
 */
const OUTSIDE = /\r(?!\n)|^ *\t|[|>](?:[1-9][+-]?|[+-][1-9])(?:[ \t]|$)|(?:^|[\s,[{])\?(?:[ \t\r\n]|$)|\n +(?![\s\S])/m;

/** Document markers; only a `---` opening the document is read alike. */
const MARKERS = /^[ \t]*(?:---|\.\.\.)(?=[ \t\r\n]|$)/gm;

/** Longest implicit key the yaml library accepts. */
const MAX_KEY = 1024;

class Unsupported extends Error {}
const unsupported = (): never => {
  throw new Unsupported();
};

interface Frame {
  /** The map or list being filled. */
  value: Record<string, unknown> | unknown[];
  flow: boolean;
  start: number;
  /** A map's key waiting for its value. */
  key: string | undefined;
  /** Offset after the last child, to find a flow collection's closing bracket. */
  end: number;
}

/**
 * Reads `text` with js-yaml's event parser (several times faster than the yaml library) when it stays within
 * the YAML that both libraries read alike: one document holding a map or a list, no directives, anchors,
 * aliases or tags, string keys written once, scalars other than block scalars on one line, flow collections on
 * one line, no tab in indentation, no explicit block indentation, `\n` or `\r\n` line ends. Returns undefined for anything else (and for invalid YAML): the yaml library then reads it and
 * reports its problems.
 */
export function readYamlFast(text: string): FastYaml | undefined {
  if (text.charCodeAt(0) === 0xfeff || OUTSIDE.test(text)) return undefined;
  let events: Event[];
  try {
    events = parseEvents(text, {});
  } catch {
    return undefined;
  }
  try {
    const fast = build(text, events);
    const start = fast.value === null ? text.length : fast.starts.get(fast.value as object)!;
    const markers = [...text.matchAll(MARKERS)];
    if (markers.length > 1 || (markers[0] && (markers[0][0] !== '---' || markers[0].index! + 3 > start)))
      return undefined;
    return fast;
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

function build(text: string, events: Event[]): FastYaml {
  const starts = new Map<object, number>();
  const stack: Frame[] = [];
  let root: unknown = null;
  let documents = 0;

  const place = (value: unknown, end: number) => {
    const frame = stack.at(-1);
    if (!frame) {
      // A scalar document (a top-level block scalar with its indentation quirks) is left to the yaml library.
      if (typeof value !== 'object' || value === null) unsupported();
      root = value;
      return;
    }
    if (end >= 0) frame.end = end;
    if (Array.isArray(frame.value)) {
      frame.value.push(value);
      return;
    }
    const key = frame.key!;
    frame.key = undefined;
    // As the yaml library's toJS: a key the object already answers to (`__proto__`) becomes an own property.
    if (key in frame.value)
      Object.defineProperty(frame.value, key, { value, writable: true, enumerable: true, configurable: true });
    else frame.value[key] = value;
  };

  for (const event of events) {
    switch (event.type) {
      case EVENT_ID.DOCUMENT:
        if (++documents > 1 || event.directives.length > 0 || event.explicitEnd) unsupported();
        break;
      case EVENT_ID.MAPPING:
      case EVENT_ID.SEQUENCE: {
        if (event.anchorStart !== -1 || event.tagStart !== -1) unsupported();
        const parent = stack.at(-1);
        // A collection as a map key: the yaml library stringifies it, js-yaml would not.
        if (parent && !Array.isArray(parent.value) && parent.key === undefined) unsupported();
        const value = event.type === EVENT_ID.MAPPING ? {} : [];
        starts.set(value, event.start);
        stack.push({
          value,
          flow: event.style === COLLECTION_STYLE.FLOW,
          start: event.start,
          key: undefined,
          end: event.start + 1,
        });
        break;
      }
      case EVENT_ID.SCALAR: {
        if (event.anchorStart !== -1 || event.tagStart !== -1) unsupported();
        const read = readScalar(text, event);
        const value = isScalar(read.value) ? read.value.value : read.value;
        const end = read.end;
        const frame = stack.at(-1);
        if (frame && !Array.isArray(frame.value) && frame.key === undefined) {
          if (typeof value !== 'string' || end - event.valueStart > MAX_KEY || Object.hasOwn(frame.value, value))
            unsupported();
          frame.key = value as string;
          frame.end = end;
        } else place(value, end);
        break;
      }
      case EVENT_ID.POP: {
        const frame = stack.pop();
        if (!frame) break;
        const end = frame.flow ? flowEnd(text, frame) : frame.end;
        place(frame.value, end);
        break;
      }
      default:
        // Aliases.
        unsupported();
    }
  }
  return { value: root, starts, events };
}

/** One scalar of the events: its value (a yaml Scalar for some plain scalars), decoded text and end offset. */
export interface ReadScalar {
  value: unknown;
  source: string;
  format: string | undefined;
  /** Offset after the scalar (after its closing quote); -1 for an empty value. */
  end: number;
}

/** Reads a scalar event; scalars other than block scalars must sit on one line. */
export function readScalar(text: string, event: ScalarEvent): ReadScalar {
  if (event.valueStart === -1) return { value: null, source: '', format: undefined, end: -1 };
  const quoted = event.style === SCALAR_STYLE.SINGLE_QUOTED || event.style === SCALAR_STYLE.DOUBLE_QUOTED;
  const block = event.style === SCALAR_STYLE.LITERAL_BLOCK || event.style === SCALAR_STYLE.FOLDED_BLOCK;
  if (!block && text.slice(event.valueStart, event.valueEnd).includes('\n')) unsupported();
  // A quoted scalar followed by more text on its line (`"a"b`, `"a" 'b'`): the yaml library refuses it.
  if (quoted) endsToken(text, event.valueEnd + 1);
  const source = getScalarValue(text, event);
  const { value, format } =
    event.style === SCALAR_STYLE.PLAIN ? resolvePlain(source) : { value: source, format: undefined };
  return { value, source, format, end: event.valueEnd + (quoted ? 1 : 0) };
}

/** The offset after a flow collection's closing bracket, which must be on the line it opens on. */
function flowEnd(text: string, frame: Frame): number {
  const close = Array.isArray(frame.value) ? ']' : '}';
  let i = Math.max(frame.end, frame.start + 1);
  while (text[i] === ' ' || text[i] === ',') i++;
  if (text[i] !== close || text.slice(frame.start, i).includes('\n')) unsupported();
  endsToken(text, i + 1);
  return i + 1;
}

/** What may follow a quoted scalar or a flow collection on its line: a separator, a comment or the line end. */
function endsToken(text: string, from: number): void {
  let i = from;
  while (text[i] === ' ' || text[i] === '\t') i++;
  if (i < text.length && !':,]}\r\n'.includes(text[i]!) && !(text[i] === '#' && i > from)) unsupported();
}
