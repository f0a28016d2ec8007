import type { Case, Diagnostic, LoadResult, Suite } from '@skill-eval/core';
import { corpusFiles, corpusPath, readCorpus } from '@skill-eval/testing/corpus';
import { type LoadSkilletOptions, loadSkillet } from '../load-skillet.js';

/** The corpus files of this format (relative paths). */
export const skilletFiles = () => corpusFiles('skillet-yaml/');

export const SKILLET = 'skillet-yaml/thekevinscott-skillet/evals/add-command/';

export function loadCorpus(relative: string, options: LoadSkilletOptions = {}) {
  const file = corpusPath(relative);
  const text = readCorpus(relative);
  const result: LoadResult = loadSkillet(file, text, options);
  const suite = result.suites[0] as Suite;
  return { file, text, result, suite, evalCase: suite?.cases[0] as Case };
}

export const bySeverity = (diagnostics: Diagnostic[], severity: Diagnostic['severity']) =>
  diagnostics.filter((d) => d.severity === severity);
