import { extname } from 'node:path';
import { YAML_EXTENSIONS } from '@skill-eval/core';
import { isYamlMap, type ParsedYaml, parseYaml, shallowShape, yamlKeys } from '@skill-eval/format-kit';
import { detectSentryEvalYaml } from './sentry/detect-sentry.js';

/**
 * Folder-scan candidates: Skillet's layout `evals/<name>/…/*.yaml`. Skillet ignores `.yml` there; the scan takes it
 * too, so that loading it warns of that, as naming the file does, rather than passing it over without a word.
 */
export const FILE_PATTERNS = ['**/evals/**/*.yaml', '**/evals/**/*.yml'] as const;

const REQUIRED = ['timestamp', 'prompt', 'expected', 'name'];
/** Keys that belong to the other YAML formats (skill-up, AgentV); a Skillet eval has none of them. */
const FOREIGN = [
  'input',
  'cases',
  'engine',
  'tests',
  'scenarios',
  'prompts',
  'providers',
  'assert',
  'default_test',
  'evals',
  'schema_version',
  'expected_output',
  'judge',
  'expect',
];

/**
 * The top-level keys when the document is a map: from the nodes when they say what the data's keys are (no document
 * converted to data only to be refused), else from the plain data; those keys differ from the nodes' only for null
 * and complex keys, which name no key looked for here.
 */
function topKeys(parsed: ParsedYaml, text: string): string[] | undefined {
  const shape = shallowShape(parsed, text);
  if (shape) return [...shape.keys];
  let data: unknown;
  try {
    data = parsed.data();
  } catch {
    // Too many aliases to expand: the nodes still have the keys.
    return isYamlMap(parsed.doc.contents) ? yamlKeys(parsed.doc.contents) : undefined;
  }
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? Object.keys(data) : undefined;
}

const inEvalsFolder = (file: string) => /(^|[\\/])evals[\\/][^\\/]+[\\/]/.test(file);

/**
 * How sure (0..1) it is that `text` is a Skillet eval: thekevinscott/skillet's, or getsentry/skillet's `.eval.yaml`. Content decides: a map with all four required
 * keys; a map with some of them and nothing of another format is claimed less surely, and only in
 * an `evals/<name>/` folder, so loading it names the missing keys.
 */
export function detectSkillet(file: string, text: string): number {
  if (!(YAML_EXTENSIONS as readonly string[]).includes(extname(file).toLowerCase())) return 0;
  // getsentry/skillet's `.eval.yaml` (an `evals` list) is the other Skillet dialect this format reads.
  const sentry = detectSentryEvalYaml(file, text);
  if (sentry > 0) return sentry;
  const parsed = parseYaml(text);
  if (parsed.errors.length > 0) return inEvalsFolder(file) ? 0.2 : 0;
  const keys = topKeys(parsed, text);
  if (!keys) return 0;
  const present = REQUIRED.filter((key) => keys.includes(key)).length;
  if (present === REQUIRED.length) return 0.95;
  if (keys.some((key) => FOREIGN.includes(key))) return 0;
  // Partly Skillet (a Waza task has name + expected): read only when named, so loading it names the missing keys.
  if (present >= 2 && (keys.includes('prompt') || keys.includes('expected')) && inEvalsFolder(file)) return 0.4;
  return 0;
}
