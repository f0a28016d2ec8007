import { readFileSync } from 'node:fs';
import type { Diagnostic, LoadResult, Suite } from '@skill-eval/core';
import { corpusPath } from '@skill-eval/testing/corpus';
import { type LoadAgentvOptions, loadAgentv } from '../load-agentv.js';

/** This format's corpus folder. */
export const AGENTV = 'agentv-eval-yaml/EntityProcess-agentv/';

/** Loads one corpus file of this format (its fixtures are not in the corpus, so missing files only warn). */
export function loadCorpus(relativePath: string, options: LoadAgentvOptions = {}) {
  const file = corpusPath(AGENTV + relativePath);
  const text = readFileSync(file, 'utf8');
  const result: LoadResult = loadAgentv(file, text, options);
  const suite = result.suites[0] as Suite;
  return { file, text, result, suite, cases: suite?.cases ?? [] };
}

export const bySeverity = (diagnostics: Diagnostic[], severity: Diagnostic['severity']) =>
  diagnostics.filter((d) => d.severity === severity);

export const where = (diagnostics: Diagnostic[]) =>
  diagnostics.map((d) => [d.ruleId.replace('agentv/', ''), d.line, d.column]);
