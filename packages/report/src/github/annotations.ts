import { isAbsolute, relative, resolve } from 'node:path';
import type { CaseResult, RunSummary } from '@skill-eval/core';
import { type CaseIndex, caseKey, casesByKey } from '../run-dir/case-index.js';
import { caseGroups } from './case-groups.js';
import { groupReason } from './group-reason.js';
import { workflowCommand } from './workflow-command.js';

/** Where eval file paths are taken from: they are relative to `cwd`; GitHub reads them relative to `workspace`. */
export interface AnnotationPaths {
  /** Directory the run started in. */
  cwd: string;
  /** The checkout's root, `$GITHUB_WORKSPACE`. */
  workspace: string;
}

/**
 * A file as GitHub finds it: relative to the checkout's root, not to where the run started (a job step with a
 * `working-directory`, a run started in the skill's folder). A file outside the checkout keeps its path.
 */
function repositoryPath(file: string, paths?: AnnotationPaths): string {
  if (!paths) return file;
  const inRepository = relative(paths.workspace, resolve(paths.cwd, file));
  return inRepository.startsWith('..') || isAbsolute(inRepository) ? file : inRepository.replaceAll('\\', '/');
}

/**
 * One `::error` workflow command per case that failed or errored on an engine and variant, pointing at the case
 * in its eval file (GitHub shows it on the pull request's diff when the file is part of it).
 */
export function githubAnnotations(
  results: readonly CaseResult[],
  options: { summary?: RunSummary; cases?: CaseIndex; paths?: AnnotationPaths } = {},
): string[] {
  const cases = casesByKey(options.cases);
  return caseGroups(results, options.summary)
    .filter((g) => g.status === 'failed' || g.status === 'error')
    .map((g) => {
      const indexed = cases.get(caseKey(g.suiteId, g.caseId));
      const verdict = g.status === 'error' ? 'errored' : 'failed';
      return workflowCommand(
        'error',
        {
          file: repositoryPath(indexed?.file ?? g.suiteId, options.paths),
          line: indexed?.line,
          title: `skill-eval: ${g.caseName} ${verdict} (${g.engine}, ${g.variant})`,
        },
        groupReason(g),
      );
    });
}
