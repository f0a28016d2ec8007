import { fileURLToPath } from 'node:url';
import type { Diagnostic, LoadResult } from '@skill-eval/core';
import { corpusPath, readCorpus } from '@skill-eval/testing/corpus';
import { loadEvalMd } from '../load-eval-md.js';

/** This format's corpus folder. */
export const SKILLKIT = 'skillkit-eval-md/paper-crow-skill_kit/';
/** Fixtures of this package. */
export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Loads one file of this format's corpus folder. */
export async function loadCorpus(relative: string) {
  const file = corpusPath(SKILLKIT + relative);
  const result: LoadResult = await loadEvalMd(file, readCorpus(SKILLKIT + relative));
  return { file, result, suite: result.suites[0], cases: result.suites[0]?.cases ?? [] };
}

/** Loads text as if it were the file `file` (which need not exist). */
export const loadText = (text: string, file = '/nonexistent-skill-eval-test/EVAL.md') => loadEvalMd(file, text);

export const bySeverity = (diagnostics: Diagnostic[], severity: Diagnostic['severity']) =>
  diagnostics.filter((d) => d.severity === severity);

/** `[ruleId, line, column]` of each diagnostic, without the format prefix. */
export const where = (diagnostics: Diagnostic[]) =>
  diagnostics.map((d) => [d.ruleId.replace('eval-md/', ''), d.line, d.column]);

export const rubrics = (checks: { type: string; value?: unknown }[]) =>
  checks.filter((c) => c.type === 'llm-rubric').map((c) => c.value);
