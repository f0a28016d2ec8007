import { basename, extname } from 'node:path';
import { parseYaml, topLevelKeys } from '@skill-eval/format-kit';

/**
 * The names promptfoo looks for when no `-c` is given: `promptfooconfig.{yaml,yml,json}` (promptfoo 0.123.1
 * `dist/src/index.js` 31117 `DEFAULT_CONFIG_EXTENSIONS`, 34840 `loadDefaultConfig(dir, 'promptfooconfig')`; the
 * JavaScript configs it also accepts are code, which skill-eval does not load).
 */
export const FILE_PATTERNS = ['promptfooconfig.yaml', 'promptfooconfig.yml', 'promptfooconfig.json'] as const;

/** The extensions promptfoo reads as data (`readConfig`, index.js 31275: `.json`, `.yaml`, `.yml`). */
export const EXTENSIONS = ['.yaml', '.yml', '.json'] as const;

/** The names AgentV claims in a folder scan (formats/agentv `FILE_PATTERNS`): such a file is AgentV's. */
const AGENTV_NAME = /(^|\.)eval\.ya?ml$|^suite\.ya?ml$/i;

/** Keys only AgentV reads: a file with one of them is AgentV's whatever else it has. */
const AGENTV_KEYS = [
  'default_test',
  'eval_cases',
  'evalcases',
  'workspace',
  'execution',
  'input_files',
  'environment',
  'requires',
  'target',
] as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * How sure (0..1) it is that `file` is a promptfoo config. Its own name decides first: `promptfooconfig.*` is
 * promptfoo's (1), an AgentV name (`*.eval.yaml`, `EVAL.yaml`, `eval.yaml`, `suite.yaml`) is AgentV's (0). Any
 * other YAML or JSON file is promptfoo's by its keys: `prompts` with `tests`/`defaultTest`/`scenarios` and
 * `providers`/`targets` (0.97, above AgentV's 0.95), without `providers` only weakly (0.6, below AgentV), and never
 * with a key only AgentV reads. `--format promptfoo` overrides all of it.
 */
export function detectPromptfoo(file: string, text: string): number {
  const name = basename(file);
  if (!(EXTENSIONS as readonly string[]).includes(extname(name).toLowerCase())) return 0;
  if ((FILE_PATTERNS as readonly string[]).includes(name)) return 1;
  if (AGENTV_NAME.test(name)) return 0;
  // A config has a `prompts` key: a text that spells it nowhere (not even escaped) is not one, and needs no parse —
  // most JSON files a scan finds (evals.json, triggers.json) would otherwise be parsed as YAML only to be refused.
  if (!text.includes('prompts') && !text.includes('\\')) return 0;
  const parsed = parseYaml(text);
  if (parsed.errors.length > 0) return 0;
  // Without a `prompts` key (every other tool's YAML file) it is not promptfoo's: no need to convert it to data.
  if (topLevelKeys(parsed)?.has('prompts') === false) return 0;
  let doc: unknown;
  try {
    doc = parsed.data({ maxAliasCount: 1000 });
  } catch {
    return 0;
  }
  if (!isRecord(doc)) return 0;
  const has = (key: string) => Object.hasOwn(doc, key);
  if (AGENTV_KEYS.some(has)) return 0;
  if (!has('prompts') || !['tests', 'defaultTest', 'scenarios'].some(has)) return 0;
  return has('providers') || has('targets') ? 0.97 : 0.6;
}
