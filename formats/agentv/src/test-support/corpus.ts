import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Diagnostic, LoadResult, Suite } from '@skill-eval/core';
import { type LoadAgentvOptions, loadAgentv } from '../load-agentv.js';

/** The shared conformance corpus, beside the repository. */
export const CORPUS = fileURLToPath(new URL('../../../../../shared/corpus/', import.meta.url));
export const AGENTV = 'agentv-eval-yaml/EntityProcess-agentv/';

/** Loads one corpus file of this format (its fixtures are not in the corpus, so missing files only warn). */
export function loadCorpus(relativePath: string, options: LoadAgentvOptions = {}) {
  const file = CORPUS + AGENTV + relativePath;
  const text = readFileSync(file, 'utf8');
  const result: LoadResult = loadAgentv(file, text, options);
  const suite = result.suites[0] as Suite;
  return { file, text, result, suite, cases: suite?.cases ?? [] };
}

export const bySeverity = (diagnostics: Diagnostic[], severity: Diagnostic['severity']) =>
  diagnostics.filter((d) => d.severity === severity);

export const where = (diagnostics: Diagnostic[]) =>
  diagnostics.map((d) => [d.ruleId.replace('agentv/', ''), d.line, d.column]);
