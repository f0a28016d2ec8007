import type { Diagnostic, LoadResult, Suite } from '@skill-eval/core';
import { corpusPath, readCorpus } from '@skill-eval/testing/corpus';
import { type LoadEvalsJsonOptions, loadEvalsJson } from '../load-evals-json.js';

/** Loads one corpus file; its fixtures are not in the corpus, so missing files only warn. */
export function loadCorpus(relative: string, options: LoadEvalsJsonOptions = { missingFiles: 'warning' }) {
  const file = corpusPath(relative);
  const result: LoadResult = loadEvalsJson(file, readCorpus(relative), options);
  const suite = result.suites[0] as Suite;
  return { file, result, suite, cases: suite?.cases ?? [] };
}

export const bySeverity = (diagnostics: Diagnostic[], severity: Diagnostic['severity']) =>
  diagnostics.filter((d) => d.severity === severity);

export const rules = (diagnostics: Diagnostic[]) => diagnostics.map((d) => d.ruleId);

export const criteria = (checks: { type: string; value?: unknown }[]) =>
  checks.filter((c) => c.type === 'llm-rubric').map((c) => c.value);
