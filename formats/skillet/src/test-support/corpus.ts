import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Case, Diagnostic, LoadResult, Suite } from '@skill-eval/core';
import { type LoadSkilletOptions, loadSkillet } from '../load-skillet.js';

/** The shared conformance corpus, beside the repository. */
export const CORPUS = fileURLToPath(new URL('../../../../../shared/corpus/', import.meta.url));

/** Every file of the corpus (40), absolute paths. */
export const corpusFiles = (): string[] =>
  (readdirSync(CORPUS, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile() && entry.name !== 'SOURCES.md')
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();

/** The corpus files of this format. */
export const skilletFiles = () => corpusFiles().filter((file) => file.startsWith(`${CORPUS}skillet-yaml/`));

export const SKILLET = 'skillet-yaml/thekevinscott-skillet/evals/add-command/';

export function loadCorpus(relative: string, options: LoadSkilletOptions = {}) {
  const file = CORPUS + relative;
  const text = readFileSync(file, 'utf8');
  const result: LoadResult = loadSkillet(file, text, options);
  const suite = result.suites[0] as Suite;
  return { file, text, result, suite, evalCase: suite?.cases[0] as Case };
}

export const bySeverity = (diagnostics: Diagnostic[], severity: Diagnostic['severity']) =>
  diagnostics.filter((d) => d.severity === severity);
