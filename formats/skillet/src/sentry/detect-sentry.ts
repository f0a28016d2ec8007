import { basename } from 'node:path';
import { type ParsedYaml, parseYaml, topLevelKeys, yamlGet } from '@skill-eval/format-kit';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The keys of a case that getsentry/skillet's parseEvalCase reads (src/eval/parser.ts:229-241 at 443bf3d). */
const CASE_KEYS = [
  'name',
  'turns',
  'checks',
  'criteria',
  'threshold',
  'workspace',
  'requires',
  'timeout',
  'tests_behavior',
];

function plainData(parsed: ParsedYaml): unknown {
  try {
    return parsed.data({ maxAliasCount: 100 });
  } catch {
    return undefined;
  }
}

/**
 * How sure (0..1) it is that `text` is a getsentry/skillet `.eval.yaml`: a map whose `evals` list has cases with
 * `turns` (no AgentV `tests`). Named `*.eval.yaml`, as skillet finds it, 0.95; under another name 0.6, so that loading
 * it says skillet would not run it. An `evals` list without turns under skillet's name, 0.6 (skillet stops on it, and
 * loading says why); `evals` that is no list, when named (0.4); a broken file that reads like one (0.6), so that its
 * syntax errors are reported as this dialect's.
 */
export function detectSentryEvalYaml(file: string, text: string): number {
  const ownName = basename(file).endsWith('.eval.yaml');
  const parsed = parseYaml(text);
  if (parsed.errors.length > 0) return /^evals:/m.test(text) && /^\s+turns:/m.test(text) ? 0.6 : 0;
  // Without an `evals` key (every other tool's YAML file) nothing below can claim it: no need to convert it to data.
  if (topLevelKeys(parsed)?.has('evals') === false) return 0;
  const doc = plainData(parsed);
  // Too many aliases to make plain data: skillet's parser stops on it too, so loading it says so.
  if (doc === undefined) return yamlGet(parsed.doc.contents, 'evals') !== undefined && /\bturns:/.test(text) ? 0.6 : 0;
  if (!isRecord(doc) || !('evals' in doc) || 'tests' in doc) return 0;
  const cases = Array.isArray(doc.evals) ? doc.evals.filter(isRecord) : [];
  if (cases.some((c) => 'turns' in c)) return ownName ? 0.95 : 0.6;
  // Skillet's own name and an `evals` list: skillet reads it (and stops on a case without turns), so loading says why.
  if (ownName && Array.isArray(doc.evals)) return 0.6;
  if (ownName && cases.some((c) => CASE_KEYS.some((key) => key !== 'name' && key in c))) return 0.4;
  return 0;
}

/** Whether `text` is read as getsentry/skillet's `.eval.yaml` rather than thekevinscott/skillet's one-eval file. */
export const isSentryEvalYaml = (file: string, text: string): boolean => detectSentryEvalYaml(file, text) > 0;
