import { describeType, itemsOf, keysOf, property, unknownKeys } from '@skill-eval/format-kit';
import { getNodeValue, type Node } from 'jsonc-parser';
import type { DiagnosticSink } from './diagnostic-sink.js';

/** One query as read from the file, before it becomes a case. */
export interface QueryItem {
  /** Normalised id: the item's `id`, else its 1-based position in the file. */
  id: string;
  /** `id` exactly as written, when written. */
  rawId: string | number | undefined;
  /** `query 3`, `query "tighten-email"` — for messages. */
  label: string;
  query: string;
  shouldTrigger: boolean;
  /** The item's node (case position); the id node when the id is written. */
  node: Node;
  idNode: Node | undefined;
  /** True when `should_trigger` was absent and defaulted to true. */
  defaulted: boolean;
  /** Every other key of the item, verbatim. */
  metadata: Record<string, unknown>;
}

const STANDARD_KEYS = new Set(['query', 'should_trigger', 'id']);
/** Keys real trigger sets add to a query as notes (mikekelly/developing-skills writes `reason`); kept, never warned of. */
const NOTE_KEYS = ['reason'];

/**
 * The fields yianyao/skillverify's trigger query set gives a query beside the standard ones (skillverify/trigger.py,
 * `_check_queryset`: `subset` train | validation, `category`, `rationale`); kept as metadata, never warned of.
 */
const SKILLVERIFY_KEYS = ['subset', 'category', 'rationale'];

/** Options of {@link readStandardList}. */
export interface StandardListOptions {
  /**
   * The list is skillverify's `queries` (`{skill_name, queries}`): `should_trigger` must be a boolean there
   * (trigger.py TRIG-002, `_is_bool`), and a query without one is neither a positive nor a negative (TRIG-009 counts
   * only `is True` / `is False`), so it cannot be graded.
   */
  skillverify?: boolean;
}

/** Reads `[{query, should_trigger}]`; items that cannot become a case are reported and left out. */
export function readStandardList(list: Node, sink: DiagnosticSink, options: StandardListOptions = {}): QueryItem[] {
  const found: QueryItem[] = [];
  itemsOf(list).forEach((item, index) => {
    const position = `query #${index + 1}`;
    if (item.type !== 'object') {
      const hint =
        item.type === 'string'
          ? ` {"query": ${JSON.stringify(getNodeValue(item))}, "should_trigger": true}`
          : ' {"query": "…", "should_trigger": true}';
      sink.error(
        'wrong-type',
        `Item ${index + 1} is ${describeType(item)}; each query is an object like${hint}.`,
        item,
      );
      return;
    }
    const identity = readId(item, index, sink);
    const label = identity?.label ?? position;
    const query = readText(
      item,
      'query',
      label,
      sink,
      property(item, 'prompt') ? ' (this list reads "query", not "prompt")' : '',
    );
    const flag = options.skillverify
      ? strictShouldTrigger(item, label, sink)
      : readShouldTrigger(property(item, 'should_trigger'), label, sink);
    if (!identity || query === undefined || flag === undefined) return;
    found.push({
      ...identity,
      query,
      shouldTrigger: flag.value,
      defaulted: flag.defaulted,
      node: item,
      metadata: extraKeys(item, STANDARD_KEYS, label, sink, options.skillverify ? SKILLVERIFY_KEYS : []),
    });
  });
  return found;
}

/**
 * Reads the grouped variant `{should_trigger: [...], should_not_trigger: [...]}`, groups in file
 * order; items are strings or `{id, prompt}`. Positions count across both groups.
 */
export function readGroupedSet(root: Node, sink: DiagnosticSink): QueryItem[] {
  const found: QueryItem[] = [];
  let index = 0;
  let badGroup = false;
  for (const { key, valueNode } of keysOf(root)) {
    if ((key !== 'should_trigger' && key !== 'should_not_trigger') || !valueNode) continue;
    if (valueNode.type !== 'array') {
      sink.error(
        'wrong-type',
        `"${key}" is ${describeType(valueNode)}; write a list of queries: "${key}": ["…"].`,
        valueNode,
      );
      badGroup = true;
      continue;
    }
    for (const item of itemsOf(valueNode)) {
      const position = index++;
      const entry = readGroupedItem(item, key, position, sink);
      if (entry) found.push({ ...entry, shouldTrigger: key === 'should_trigger', defaulted: false });
    }
  }
  if (index === 0 && !badGroup)
    sink.error('empty', 'There are no queries; add some under "should_trigger" and "should_not_trigger".', root);
  return found;
}

function readGroupedItem(item: Node, group: string, index: number, sink: DiagnosticSink) {
  if (item.type === 'string') {
    const query = getNodeValue(item) as string;
    if (query.trim() === '') {
      sink.error('missing-query', `Query #${index + 1} in "${group}" is blank; write the query text.`, item);
      return undefined;
    }
    return {
      id: String(index + 1),
      rawId: undefined,
      label: `query #${index + 1}`,
      query,
      node: item,
      idNode: undefined,
      metadata: {},
    };
  }
  if (item.type !== 'object') {
    sink.error(
      'wrong-type',
      `Query #${index + 1} in "${group}" is ${describeType(item)}; write a string or {"id": "…", "prompt": "…"}.`,
      item,
    );
    return undefined;
  }
  const identity = readId(item, index, sink);
  const label = identity?.label ?? `query #${index + 1}`;
  const key = property(item, 'prompt') === undefined && property(item, 'query') !== undefined ? 'query' : 'prompt';
  const query = readText(item, key, label, sink, '');
  if (!identity || query === undefined) return undefined;
  return { ...identity, query, node: item, metadata: extraKeys(item, new Set(['id', key]), label, sink) };
}

function readId(item: Node, index: number, sink: DiagnosticSink) {
  const idNode = property(item, 'id');
  if (idNode === undefined || idNode.type === 'null') {
    return { id: String(index + 1), rawId: undefined, label: `query #${index + 1}`, idNode: undefined };
  }
  const raw = getNodeValue(idNode);
  if ((idNode.type === 'string' && raw.trim() !== '') || idNode.type === 'number') {
    const label = idNode.type === 'number' ? `query ${raw}` : `query ${JSON.stringify(raw)}`;
    return { id: String(raw).trim(), rawId: raw as string | number, label, idNode };
  }
  const found = idNode.type === 'string' ? 'blank' : describeType(idNode);
  sink.error(
    'wrong-type',
    `The id of query #${index + 1} is ${found}; give it a non-empty string or a number, or remove it.`,
    idNode,
  );
  return undefined;
}

function readText(item: Node, key: string, label: string, sink: DiagnosticSink, hint: string) {
  const node = property(item, key);
  if (node?.type === 'string' && (getNodeValue(node) as string).trim() !== '') return getNodeValue(node) as string;
  if (node === undefined) {
    sink.error('missing-query', `${cap(label)} has no "${key}"${hint}; add "${key}": "…" with the user message.`, item);
  } else if (node.type === 'string') {
    sink.error('missing-query', `${cap(label)} has a blank "${key}"; write the user message.`, node);
  } else {
    sink.error(
      'wrong-type',
      `"${key}" of ${label} is ${describeType(node)}; write the user message as a string.`,
      node,
    );
  }
  return undefined;
}

/**
 * `should_trigger` as both trigger runners read it: Python truthiness (`if item["should_trigger"]:` in skill-creator's
 * run_eval.py, `.get("should_trigger", True)` in BMAD's run_triggers.py). Anything but a boolean is read that way and
 * warned of, since the string "false" is true there.
 */
function readShouldTrigger(node: Node | undefined, label: string, sink: DiagnosticSink) {
  if (node === undefined) return { value: true, defaulted: true };
  const value = getNodeValue(node) as unknown;
  if (typeof value === 'boolean') return { value, defaulted: false };
  const truthy = pythonTruthy(value);
  const found = node.type === 'string' ? `the string ${JSON.stringify(value)}` : describeType(node);
  sink.warning(
    'not-boolean',
    `"should_trigger" of ${label} is ${found}, which skill-creator's and BMAD's trigger runners read as ${truthy} (Python truthiness), and so does skill-eval; write ${truthy} (no quotes) if that is meant.`,
    node,
  );
  return { value: truthy, defaulted: false };
}

/** skillverify's `should_trigger`: a JSON boolean, or the query is reported and left out. */
function strictShouldTrigger(item: Node, label: string, sink: DiagnosticSink) {
  const node = property(item, 'should_trigger');
  if (node?.type === 'boolean') return { value: getNodeValue(node) as boolean, defaulted: false };
  const found =
    node === undefined
      ? 'missing'
      : node.type === 'string'
        ? `the string ${JSON.stringify(getNodeValue(node))}`
        : describeType(node);
  sink.error(
    'not-boolean',
    `"should_trigger" of ${label} is ${found}; skillverify counts a query as should-trigger or should-not only when it is true or false (trigger.py, TRIG-002), so it is left out. Write true or false (no quotes).`,
    node ?? item,
  );
  return undefined;
}

/** Python's `bool(value)` for a JSON value: empty strings, lists and objects, 0 and null are false. */
function pythonTruthy(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value !== '';
  if (typeof value === 'number') return value !== 0;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}

/** The item's keys besides `known`, kept verbatim; a key no trigger runner reads is warned of (a misspelling, or `runs`). */
function extraKeys(
  item: Node,
  known: ReadonlySet<string>,
  label: string,
  sink: DiagnosticSink,
  notes: readonly string[] = [],
): Record<string, unknown> {
  const read = [...known].map((key) => `"${key}"`).join(', ');
  for (const { key, keyNode } of unknownKeys(item, new Set([...known, ...NOTE_KEYS, ...notes]))) {
    sink.warning(
      'unknown-key',
      `Unknown key "${key}" in ${label}; trigger runners read only ${read}, so it is kept as metadata and not applied. Check its spelling, or start it with "_" to mark a note.`,
      keyNode,
    );
  }
  return Object.fromEntries(
    keysOf(item)
      .filter(({ key }) => !known.has(key))
      .map(({ key, valueNode }) => [key, valueNode && getNodeValue(valueNode)]),
  );
}

/** Capitalises a label at the start of a sentence. */
export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
