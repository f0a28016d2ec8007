import type { Diagnostic, LoadResult, Suite } from '@skill-eval/core';
import { corpusFiles, corpusPath, readCorpus } from '@skill-eval/testing/corpus';
import { type LoadTriggersJsonOptions, loadTriggersJson } from '../load-triggers-json.js';

/** The corpus files of this format here (relative paths). */
export const triggerFiles = () => corpusFiles('triggers-json/');

/** Loads one corpus file. The corpus has no SKILL.md, so the skill is named by setting unless told otherwise. */
export function loadCorpus(relative: string, options: LoadTriggersJsonOptions = { skillName: 'the-skill' }) {
  const file = corpusPath(relative);
  const text = readCorpus(relative);
  const result: LoadResult = loadTriggersJson(file, text, options);
  const suite = result.suites[0] as Suite;
  return { file, text, result, suite, cases: suite?.cases ?? [] };
}

export const bySeverity = (diagnostics: Diagnostic[], severity: Diagnostic['severity']) =>
  diagnostics.filter((d) => d.severity === severity);
