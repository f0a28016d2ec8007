import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic, LoadResult, Suite } from '@skill-eval/core';
import { type LoadTriggersJsonOptions, loadTriggersJson } from '../load-triggers-json.js';

/** The shared conformance corpus, beside the repository. */
export const CORPUS = fileURLToPath(new URL('../../../../../shared/corpus/', import.meta.url));

/** Every file of the corpus (40), absolute paths. */
export const corpusFiles = (): string[] =>
  (readdirSync(CORPUS, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile() && entry.name !== 'SOURCES.md')
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();

/** The corpus files of this format. */
export const triggerFiles = () => corpusFiles().filter((file) => file.startsWith(`${CORPUS}triggers-json/`));

/** Loads one corpus file. The corpus has no SKILL.md, so the skill is named by setting unless told otherwise. */
export function loadCorpus(relative: string, options: LoadTriggersJsonOptions = { skillName: 'the-skill' }) {
  const file = CORPUS + relative;
  const text = readFileSync(file, 'utf8');
  const result: LoadResult = loadTriggersJson(file, text, options);
  const suite = result.suites[0] as Suite;
  return { file, text, result, suite, cases: suite?.cases ?? [] };
}

export const bySeverity = (diagnostics: Diagnostic[], severity: Diagnostic['severity']) =>
  diagnostics.filter((d) => d.severity === severity);
