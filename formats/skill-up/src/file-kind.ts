import { basename, extname } from 'node:path';
import { YAML_EXTENSIONS } from '@skill-eval/core';
import { parseYaml } from '@skill-eval/format-kit';

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
