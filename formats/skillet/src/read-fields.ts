import {
  isYamlScalar,
  isYamlSeq,
  type ParsedYaml,
  type Position,
  type YamlNode,
  yamlGet,
  yamlItems,
  yamlKeyNode,
} from '@skill-eval/format-kit';
import type { YAMLMap } from 'yaml';
import type { DiagnosticSink } from './diagnostic-sink.js';

/** Keys Skillet reads or documents; anything else is ignored by Skillet (kept here, with a warning). */
const KNOWN = new Set([
  'timestamp',
  'prompt',
  'expected',
  'name',
  'assertions',
  'domain',
  'setup',
  'teardown',
  'actual',
  '_meta',
  'schema_version',
]);
/** Kept verbatim in metadata without a word: documented, and read by nothing. */
const METADATA = ['domain', 'actual', '_meta', 'schema_version'] as const;

/** `prompt`: a string, or a list of strings (turns of one conversation). */
export function readPrompt(
  node: YamlNode | undefined,
  keyNode: YamlNode | undefined,
  sink: DiagnosticSink,
): string[] | undefined {
  if (keyNode === undefined) return undefined;
  if (isYamlScalar(node) && typeof node.value === 'string') {
    if (node.value.trim() !== '') return [node.value];
    sink.error('blank-prompt', '"prompt" is blank; write the message to send.', node);
    return undefined;
  }
  if (isYamlSeq(node)) {
    const items = yamlItems(node);
    if (items.length === 0) {
      sink.error('blank-prompt', '"prompt" is an empty list; write one message per turn.', node);
      return undefined;
    }
    const turns: string[] = [];
    items.forEach((item, i) => {
      if (isYamlScalar(item) && typeof item.value === 'string' && item.value.trim() !== '') turns.push(item.value);
      else if (isYamlScalar(item) && typeof item.value === 'string')
        sink.error('blank-prompt', `Turn ${i + 1} of "prompt" is blank; write the message.`, item);
      else
        sink.error(
          'wrong-type',
          `Turn ${i + 1} of "prompt" is not text; write each turn as a string (quote numbers).`,
          item ?? node,
        );
    });
    return turns.length === items.length ? turns : undefined;
  }
  const what = isYamlScalar(node) && node.value === null ? 'empty' : 'not text';
  sink.error(
    what === 'empty' ? 'blank-prompt' : 'wrong-type',
    `"prompt" is ${what}; write a string, or a list of strings for several turns.`,
    node ?? keyNode,
  );
  return undefined;
}

/** A text field; numbers and booleans are read as their text, as Python's str() would. */
export function readText(root: YamlNode, key: string, sink: DiagnosticSink): string | undefined {
  const node = yamlGet(root, key);
  if (node === undefined || (isYamlScalar(node) && node.value === null)) return undefined;
  if (isYamlScalar(node)) {
    if (typeof node.value === 'string') return node.value.trim() === '' ? undefined : node.value;
    sink.warning(
      'wrong-type',
      `"${key}" is ${JSON.stringify(node.value)}, not text; it is read as "${String(node.value)}". Quote it.`,
      node,
    );
    return String(node.value);
  }
  sink.error('wrong-type', `"${key}" is a ${isYamlSeq(node) ? 'list' : 'map'}; write it as text.`, node);
  return undefined;
}

export function readName(root: YamlNode, id: string, sink: DiagnosticSink): string {
  const node = yamlGet(root, 'name');
  const name = readText(root, 'name', sink);
  if (name !== undefined) return name;
  if (yamlKeyNode(root, 'name') !== undefined && !(node && !isYamlScalar(node))) {
    sink.warning(
      'blank-name',
      `"name" is empty; the eval is shown as "${id}". Write a name.`,
      node ?? yamlKeyNode(root, 'name'),
    );
  }
  return id;
}

export function readScript(root: YamlNode, key: 'setup' | 'teardown', sink: DiagnosticSink): string | undefined {
  const node = yamlGet(root, key);
  if (node === undefined || (isYamlScalar(node) && node.value === null)) return undefined;
  if (isYamlScalar(node) && typeof node.value === 'string') return node.value.trim() === '' ? undefined : node.value;
  sink.error('wrong-type', `"${key}" is not text; write the bash script as a string (a block: "${key}: |").`, node);
  return undefined;
}

/** `timestamp`, documented extras and unknown keys, verbatim; unknown keys are warned about. */
export function readMetadata(
  root: YamlNode,
  yaml: ParsedYaml,
  sink: DiagnosticSink,
  start: Position,
): Record<string, unknown> {
  const toJs = (node: YamlNode | undefined): unknown => (node ? node.toJS(yaml.doc) : null);
  const metadata: Record<string, unknown> = {};
  const timestamp = yamlGet(root, 'timestamp');
  if (timestamp) metadata.timestamp = rawScalar(timestamp, yaml) ?? toJs(timestamp);
  for (const key of METADATA) {
    const node = yamlGet(root, key);
    if (node !== undefined) metadata[key] = toJs(node);
  }
  // Pairs, not yamlKeys: a null or complex key (`: x`, `[a]: x`) must be reported too, at its own place.
  for (const pair of (root as YAMLMap<YamlNode, YamlNode>).items) {
    const keyNode = pair.key as YamlNode | null;
    const key = isYamlScalar(keyNode) ? String(keyNode.value ?? '') : keyNode ? String(toJs(keyNode)) : '';
    if (isYamlScalar(keyNode) && typeof keyNode.value === 'string' && KNOWN.has(key)) continue;
    metadata[key] = toJs(pair.value ?? undefined);
    const at = (keyNode?.range ? keyNode : (pair.value ?? undefined)) ?? start;
    sink.warning(
      'unknown-key',
      `Unknown key "${key}": Skillet ignores it and so does skill-eval (it is kept as metadata); remove it or check its spelling.`,
      at,
    );
  }
  return metadata;
}

/** A plain scalar's text as written (`2025-01-15T00:00:00Z`, which PyYAML would make a datetime), else its value. */
function rawScalar(node: YamlNode, yaml: ParsedYaml): string | undefined {
  if (isYamlScalar(node) && node.type === 'PLAIN' && node.value !== null) return yaml.sourceOf(node);
  return undefined;
}
