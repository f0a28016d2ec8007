import type { ParsedYaml } from '@skill-eval/format-kit';
import { type Alias, isAlias, isNode, type Scalar, visit } from 'yaml';
import type { DiagnosticSink } from './diagnostic-sink.js';
import { PYYAML_REFUSED } from './pyyaml-scalar.js';

/** What each Skillet's reader says of a key written twice and of several documents in one file. */
export interface SyntaxWords {
  duplicateKey: string;
  multipleDocuments: string;
}

/** Reports a YAML file's syntax errors and warnings, in the words of its tool; true when the document can be read. */
export function reportSyntax(yaml: ParsedYaml, sink: DiagnosticSink, words: SyntaxWords): boolean {
  for (const e of yaml.errors) {
    if (e.code === 'DUPLICATE_KEY') sink.error('duplicate-key', words.duplicateKey, e);
    else if (e.code === 'MULTIPLE_DOCS') sink.error('syntax', words.multipleDocuments, e);
    else sink.error('syntax', `Invalid YAML: ${e.message}`, e);
  }
  for (const w of yaml.warnings) sink.warning('yaml-warning', `YAML: ${w.message}`, w);
  return yaml.errors.length === 0;
}

/**
 * The first alias that names no anchor set before it in the file, or undefined. Skillet reads a file with PyYAML's
 * `yaml.safe_load` (skillet/evals/load.py), whose composer stops at such an alias ("found undefined alias"): the
 * file loads nothing there.
 */
export function undefinedAlias(yaml: ParsedYaml): Alias | undefined {
  const anchors = new Set<string>();
  let found: Alias | undefined;
  visit(yaml.doc, {
    Node(_, node) {
      if (isAlias(node)) {
        if (anchors.has(node.source)) return undefined;
        found = node;
        return visit.BREAK;
      }
      if (isNode(node) && node.anchor) anchors.add(node.anchor);
      return undefined;
    },
  });
  return found;
}

/**
 * The first plain scalar PyYAML cannot build, or undefined: `=` (the `value` tag) anywhere, and `<<` (the `merge` tag)
 * anywhere but as a key, have no constructor in its SafeLoader, which stops on them ("could not determine a constructor
 * for the tag"); skill-eval's YAML 1.2 reader reads them as text.
 */
export function unconstructable(yaml: ParsedYaml): Scalar | undefined {
  let found: Scalar | undefined;
  visit(yaml.doc, {
    Scalar(key, node) {
      if (node.type !== 'PLAIN' || node.tag || !PYYAML_REFUSED.has(String(node.value))) return undefined;
      if (node.value === '<<' && key === 'key') return undefined;
      found = node;
      return visit.BREAK;
    },
  });
  return found;
}
