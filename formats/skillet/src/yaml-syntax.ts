import type { ParsedYaml } from '@skill-eval/format-kit';
import type { DiagnosticSink } from './diagnostic-sink.js';

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
