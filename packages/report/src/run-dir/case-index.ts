import { relative } from 'node:path';
import { lazySchema, type Suite } from '@skill-eval/core';
import * as z from 'zod';

/** File in a run directory that describes the run's cases: what results.jsonl does not repeat for every line. */
export const CASE_INDEX_FILE = 'cases.json';

/** What reports need to know of one case besides its results. */
export const IndexedCaseSchema = lazySchema(() =>
  z.object({
    suiteId: z.string(),
    caseId: z.string(),
    /** The id as the eval file wrote it (skill-creator's numeric `id` stays a number). */
    rawId: z.unknown().optional(),
    name: z.string(),
    kind: z.enum(['task', 'trigger']),
    /** Eval file, relative to the directory the run started in. */
    file: z.string(),
    /** 1-based line of the case in the eval file, when the format knows it. */
    line: z.number().int().positive().optional(),
    /** The user messages, in order. */
    turns: z.array(z.string()),
    /** What the case is checked against, one line per check (skill-creator's `assertions`). */
    assertions: z.array(z.string()),
    /** The skill under test, when the suite names one. */
    skill: z.object({ name: z.string(), dir: z.string() }).optional(),
  }),
);
export type IndexedCase = z.infer<typeof IndexedCaseSchema>;

export const CaseIndexSchema = lazySchema(() =>
  z.object({
    format: z.literal('skill-eval-cases-v1'),
    cases: z.array(IndexedCaseSchema),
  }),
);
export type CaseIndex = z.infer<typeof CaseIndexSchema>;

/** Key of a case within a run: suite and case id. */
export const caseKey = (suiteId: string, caseId: string): string => JSON.stringify([suiteId, caseId]);

const checkText = (check: { type: string; name?: string | undefined; value?: unknown }): string =>
  check.name ?? (typeof check.value === 'string' ? check.value : check.type);

/** The index of every case of the suites; paths relative to `cwd`. */
export function caseIndexFromSuites(suites: readonly Suite[], cwd: string): CaseIndex {
  // Cases of one file share its path: made relative once per file.
  const relativePaths = new Map<string, string>();
  const relativeTo = (file: string) => {
    let path = relativePaths.get(file);
    if (path === undefined) {
      path = relative(cwd, file) || file;
      relativePaths.set(file, path);
    }
    return path;
  };
  return {
    format: 'skill-eval-cases-v1',
    cases: suites.flatMap((suite) =>
      suite.cases.map((c) => {
        const skill = c.skills[0] ?? suite.skill;
        return {
          suiteId: suite.id,
          caseId: c.id,
          ...(c.rawId !== undefined ? { rawId: c.rawId } : {}),
          name: c.name,
          kind: c.kind,
          file: relativeTo(c.source.file),
          ...(c.source.line ? { line: c.source.line } : {}),
          turns: c.turns,
          assertions: [...c.gates, ...c.checks, ...c.failIf].map(checkText),
          ...(skill ? { skill: { name: skill.name, dir: skill.dir } } : {}),
        };
      }),
    ),
  };
}

/** Cases by `caseKey`. */
export function casesByKey(index: CaseIndex | undefined): Map<string, IndexedCase> {
  return new Map((index?.cases ?? []).map((c) => [caseKey(c.suiteId, c.caseId), c]));
}
