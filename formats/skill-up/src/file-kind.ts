import { basename, extname } from 'node:path';
import { YAML_EXTENSIONS } from '@skill-eval/core';
import { parseYaml, type ShallowShape, shallowShape } from '@skill-eval/format-kit';

/** What a YAML file looks like from its top-level keys. */
export type FileKind = 'suite' | 'case' | 'agentv' | 'other';

/** Top-level keys only AgentV (promptfoo-like) suites have. */
const AGENTV_KEYS = [
  'tests',
  'scenarios',
  'prompts',
  'providers',
  'default_test',
  'assert',
  'eval_cases',
  'evalcases',
  'target',
  'targets',
];

const isMap = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Classifies parsed top-level content (reference §8.3); `undefined` content is a broken or empty file. */
export function kindOfContent(data: unknown): FileKind {
  if (!isMap(data)) return 'other';
  if (AGENTV_KEYS.some((key) => key in data)) return 'agentv';
  if ('schema_version' in data) return 'suite';
  if ('engine' in data && isMap(data.cases) && 'files' in data.cases) return 'suite';
  const input = data.input;
  if (isMap(input) && ('prompt' in input || 'turns' in input)) return 'case';
  return 'other';
}

/** {@link kindOfContent} from the keys alone, for a document whose nodes say what its data's keys are. */
function kindOfShape({ keys, keysUnder }: ShallowShape): FileKind {
  if (AGENTV_KEYS.some((key) => keys.has(key))) return 'agentv';
  if (keys.has('schema_version')) return 'suite';
  if (keys.has('engine') && keysUnder('cases')?.has('files')) return 'suite';
  const input = keysUnder('input');
  if (input && (input.has('prompt') || input.has('turns'))) return 'case';
  return 'other';
}

/**
 * What a YAML text is, as `kindOfContent(yamlContent(text))` says, undefined for a text that does not parse: from the
 * nodes when they tell the data's keys (no document converted to data only to be refused), else from the data.
 */
export function kindOfText(text: string): FileKind | undefined {
  let shape: ShallowShape | undefined;
  try {
    shape = shallowShape(parseYaml(text), text);
  } catch {
    shape = undefined;
  }
  if (shape) return kindOfShape(shape);
  const content = yamlContent(text);
  return content === undefined ? undefined : kindOfContent(content);
}

/** The parsed top-level content of a YAML text, or undefined when it does not parse; shared: read it only. */
export function yamlContent(text: string): unknown {
  try {
    const yaml = parseYaml(text);
    if (yaml.errors.length > 0) return undefined;
    return yaml.data({ maxAliasCount: 100 });
  } catch {
    return undefined;
  }
}

export const isYamlName = (file: string) =>
  (YAML_EXTENSIONS as readonly string[]).includes(extname(file).toLowerCase());
export const isSuiteName = (file: string) => ['eval.yaml', 'eval.yml'].includes(basename(file));
