import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic, LoadResult } from '@skill-eval/core';
import { CORPUS_DIR } from '@skill-eval/testing/corpus';
import { tempFolder } from '@skill-eval/testing/temp-folder';
import { loadSkillUp } from '../load-skill-up.js';

/** This format's corpus folder (Apache-2.0: every file of it is in the repository). */
export const SKILL_UP = `${CORPUS_DIR}skill-up-yaml/alibaba-skill-up/`;

/** Loads one file of this format's corpus folder. */
export function loadCorpus(relative: string) {
  const file = SKILL_UP + relative;
  const text = readFileSync(file, 'utf8');
  const result: LoadResult = loadSkillUp(file, text);
  return { file, text, result, suite: result.suites[0], cases: result.suites[0]?.cases ?? [] };
}

export const bySeverity = (diagnostics: Diagnostic[], severity: Diagnostic['severity']) =>
  diagnostics.filter((d) => d.severity === severity);

/** `[rule, line, column]` of each diagnostic, rule without the format prefix. */
export const where = (diagnostics: Diagnostic[]) =>
  diagnostics.map((d) => [d.ruleId.replace('skill-up/', ''), d.line, d.column]);

/**
 * A temporary directory filled with `files` (relative path → content), removed when the test that made it ends (or,
 * made outside a test, when its file's tests have run); `cleanup` removes it sooner.
 */
export function stage(files: Record<string, string>) {
  const dir = tempFolder('skill-up-test-');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  const load = (path: string) => loadSkillUp(join(dir, path), readFileSync(join(dir, path), 'utf8'), { cwd: dir });
  return { dir, load, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export const SKILL_MD = '---\nname: demo-skill\ndescription: A demo skill.\n---\n# Demo\n';
