import { type At, type DocPath, type PathSource, parseYaml, yamlPathSource } from '@skill-eval/format-kit';
import { jsYamlDates, jsYamlDateWarning } from './js-yaml-dates.js';

export type { At, DocPath };

/** One file read (the config, or a tests/defaultTest file it names): its data, node positions and diagnostics. */
export type Source = PathSource;

export const FORMAT_ID = 'promptfoo';

/**
 * Parses a YAML or JSON document as promptfoo does (`loadYaml`, js-yaml, for both: promptfoo 0.123.1
 * `dist/src/index.js` 31275), merge keys merged as js-yaml merges them.
 */
export function yamlSource(file: string, text: string): Source {
  const source = yamlPathSource(file, text, FORMAT_ID, { mergeKeys: "promptfoo's YAML reader (js-yaml)" });
  for (const date of jsYamlDates(text)) {
    source.sink.warning('date-value', jsYamlDateWarning(String(date.value)), { path: [] });
    const warning = source.sink.diagnostics.at(-1)!;
    Object.assign(warning, parseYaml(text).positionOf(date));
  }
  return source;
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A short description of a value's type for messages. */
export function describe(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'string') return value.trim() === '' ? 'blank' : 'a string';
  return `a ${typeof value}`;
}

export const at = (path: DocPath, ...more: (string | number)[]): At => ({ path: [...path, ...more] });
