import { unknownKeys } from '@skill-eval/format-kit';
import type { Node } from 'jsonc-parser';
import type { DiagnosticSink } from './diagnostic-sink.js';

/**
 * Warns of each key of `node` no reader of these files uses (`"expectatons"`), where it is written: the key is kept
 * in metadata, so a misspelt field would otherwise be skipped without a word. `_` keys are notes, never warned of.
 */
export function warnUnknownKeys(node: Node, known: ReadonlySet<string>, where: string, sink: DiagnosticSink): void {
  const keys = [...known].filter((key) => !key.startsWith('_')).map((key) => `"${key}"`);
  for (const { key, keyNode } of unknownKeys(node, known)) {
    sink.warning(
      'unknown-key',
      `Unknown key "${key}" ${where}; the known keys are ${keys.join(', ')}. It is kept in metadata, but nothing reads it: check its spelling, or start it with "_" to mark a note.`,
      keyNode,
    );
  }
}
