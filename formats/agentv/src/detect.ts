import { basename, extname } from 'node:path';
import { YAML_EXTENSIONS } from '@skill-eval/core';
import { parseYaml, shallowShape } from '@skill-eval/format-kit';

/**
 * File names claimed in a folder scan: AgentV's own glob plus the upper-case names its
 * case-sensitive glob misses (`EVAL.yaml`, `x.EVAL.yaml`), which AgentV only reads when named.
 */
export const FILE_PATTERNS = [
  '*.eval.yaml',
  '*.eval.yml',
  '*.EVAL.yaml',
  '*.EVAL.yml',
  'EVAL.yaml',
  'EVAL.yml',
  'eval.yaml',
  'eval.yml',
  'suite.yaml',
  'suite.yml',
] as const;

/** Names only AgentV uses (`eval.yaml` and `suite.yaml` are shared with skill-up and others). */
const ownName = (name: string) => /(^|\.)eval\.ya?ml$/i.test(name) && !/^eval\.ya?ml$/.test(name);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * How sure (0..1) it is that `text` is an AgentV eval suite, by content (reference §8.3): skill-up
 * suites (`schema_version`, `engine` + `cases`) and cases (`input` map), Skillet files
 * (`timestamp` + `expected`) are refused; `tests`/`scenarios`, or promptfoo-style `prompts`,
 * `providers`, `default_test`, `assert`, claim it. A broken or keyless file is claimed weakly, and
 * only under an AgentV-only name, so that loading it can say what is wrong.
 */
export function detectAgentv(file: string, text: string): number {
  const name = basename(file);
  if (!(YAML_EXTENSIONS as readonly string[]).includes(extname(name).toLowerCase())) return 0;
  const parsed = parseYaml(text);
  if (parsed.errors.length > 0) return ownName(name) ? 0.5 : 0;
  // Only keys are asked: from the nodes when they say what the data's keys are (no whole suite converted to data
  // here, only to be converted again by the loader), else from the data.
  const shape = shallowShape(parsed, text);
  let has: (key: string) => boolean;
  let inputIsPrompt: boolean;
  if (shape) {
    has = (key) => shape.keys.has(key);
    const input = shape.keysUnder('input');
    inputIsPrompt = input !== undefined && (input.has('prompt') || input.has('turns'));
  } else {
    let doc: unknown;
    try {
      doc = parsed.data({ maxAliasCount: 1000 });
    } catch {
      return ownName(name) ? 0.5 : 0;
    }
    if (!isRecord(doc)) return 0;
    has = (key) => key in doc;
    inputIsPrompt = isRecord(doc.input) && ('prompt' in doc.input || 'turns' in doc.input);
  }
  if (has('schema_version') || (has('engine') && has('cases'))) return 0;
  if (inputIsPrompt) return 0;
  if (has('timestamp') && has('expected')) return 0;
  if (has('tests') || has('scenarios')) return 0.95;
  if (['prompts', 'providers', 'default_test', 'assert', 'eval_cases', 'evalcases'].some(has)) return 0.9;
  return ownName(name) ? 0.3 : 0;
}
