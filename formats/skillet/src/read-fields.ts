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
import type { Scalar, YAMLMap } from 'yaml';
import type { DiagnosticSink } from './diagnostic-sink.js';
import { type PyyamlValue, pyyamlKindWords, skilletScalar } from './pyyaml-scalar.js';

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

/** Why a turn Skillet reads as `value` cannot be sent: it passes a prompt that is not text to the agent as it is. */
const notSendable = (value: PyyamlValue, source: string) =>
  `Skillet reads ${JSON.stringify(source)} as ${pyyamlKindWords(value)} (its YAML reader is YAML 1.1) and cannot send it as a message; quote it.`;

/** `prompt`: a string, or a list of strings (turns of one conversation). */
export function readPrompt(
  node: YamlNode | undefined,
  keyNode: YamlNode | undefined,
  sink: DiagnosticSink,
): string[] | undefined {
  if (keyNode === undefined) return undefined;
  const read = isYamlScalar(node) ? skilletScalar(node) : undefined;
  if (read && 'string' in read) {
    if (read.string.trim() !== '') return [read.string];
    sink.error('blank-prompt', '"prompt" is blank; write the message to send.', node);
    return undefined;
  }
  if (read && read.kind !== 'null') {
    sink.error('wrong-type', `"prompt": ${notSendable(read, String((node as Scalar).source ?? read.text))}`, node);
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
      const turn = isYamlScalar(item) ? skilletScalar(item) : undefined;
      if (turn && 'string' in turn && turn.string.trim() !== '') turns.push(turn.string);
      else if (turn && 'string' in turn)
        sink.error('blank-prompt', `Turn ${i + 1} of "prompt" is blank; write the message.`, item);
      else if (turn && turn.kind !== 'null')
        sink.error(
          'wrong-type',
          `Turn ${i + 1} of "prompt": ${notSendable(turn, String((item as Scalar).source ?? turn.text))}`,
          item,
        );
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

/**
 * A text field; what Skillet's YAML reader (1.1) reads as a boolean, number or date is read as its text there, as
 * Python's str() writes it (`yes` → True, `0755` → 493, `12.0` → 12.0).
 */
export function readText(root: YamlNode, key: string, sink: DiagnosticSink): string | undefined {
  const node = yamlGet(root, key);
  if (node === undefined) return undefined;
  if (isYamlScalar(node)) {
    const read = skilletScalar(node);
    if ('string' in read) return read.string.trim() === '' ? undefined : read.string;
    if (read.kind === 'null') return undefined;
    sink.warning(
      'wrong-type',
      `"${key}" is ${String(node.source ?? node.value)}, which Skillet's YAML reader (YAML 1.1) reads as ${pyyamlKindWords(read)}, not text; it is read as "${read.text}", as Skillet writes it. Quote it.`,
      node,
    );
    return read.text;
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
