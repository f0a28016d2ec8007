import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Case, Suite } from '@skill-eval/core';
import { slugify } from '@skill-eval/runner';

/** The files of one case's answer folder, as an agent leaves them for `skill-eval grade --answers`. */
export const ANSWER_FILES = {
  /** The agent's final answer (or `answer.txt`). */
  answer: ['answer.md', 'answer.txt'],
  /** The judge's reply to `skill-eval prompt --judge`: the JSON object it asks for. */
  judge: 'judge.json',
  /** The folder the agent worked in (`skill-eval prompt --workspace` staged it): what checks and the judge read. */
  workspace: 'workspace',
} as const;

/** A case and the folder of its answer, relative to the answers folder. */
export interface AnswerPlace {
  suite: Suite;
  testCase: Case;
  /** `<case>`, or `<eval file>/<case>` when the paths hold several eval files. */
  folder: string;
}

/** A case id as a folder name: as written when it is a plain name, else its slug. */
const folderName = (id: string): string => (/^[\w.-]+$/.test(id) && id !== '.' && id !== '..' ? id : slugify(id));

/** How a case is found again from what the runner hands an engine or a judge: its eval file and id. */
export const caseKey = (testCase: Case): string => `${testCase.source.file}\0${testCase.id}`;

/**
 * The answer folder of every task case: one folder per case named by its id, below one folder per eval file (its
 * path, slugged) when more than one eval file holds task cases. Trigger cases have none: whether a skill fires is measured by real
 * trigger runs, not by an answer.
 */
export function answerPlaces(suites: readonly Suite[]): AnswerPlace[] {
  const places: AnswerPlace[] = [];
  const taken = new Set<string>();
  const answerable = suites.filter((suite) => suite.cases.some((c) => c.kind === 'task'));
  for (const suite of answerable) {
    const prefix = answerable.length > 1 ? `${slugify(suite.id, true)}/` : '';
    for (const testCase of suite.cases) {
      if (testCase.kind !== 'task') continue;
      const base = `${prefix}${folderName(testCase.id)}`;
      let folder = base;
      for (let n = 2; taken.has(folder); n++) folder = `${base}-${n}`;
      taken.add(folder);
      places.push({ suite, testCase, folder });
    }
  }
  return places;
}

/** The answer file of a case's folder, when the agent wrote one. */
export function answerFile(answersDir: string, folder: string): string | undefined {
  return ANSWER_FILES.answer.map((name) => join(answersDir, folder, name)).find((file) => existsSync(file));
}
