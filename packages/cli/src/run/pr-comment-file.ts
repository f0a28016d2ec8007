import { join, resolve } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import { writeHarnessFileAtomically } from '@skill-eval/engine-kit/agent-files';
import { prCommentMarkdown, type RunRecord, readRunDir } from '@skill-eval/report';

/** File name of the pull-request comment in a run directory. */
export const PR_COMMENT_FILE = 'pr-comment.md';

/**
 * Writes `<runDir>/pr-comment.md` (whole, through nothing planted in the run directory), the comment the GitHub
 * Action posts on a pull request: the run's verdicts, against `base` (the base branch's run directory) when given, and
 * a link to `reportUrl`.
 */
export async function writePrComment(
  runDir: string,
  record: RunRecord,
  options: { base?: string; reportUrl?: string; cwd: string },
): Promise<string> {
  if (options.reportUrl !== undefined && !/^https?:\/\/[^\s]+$/i.test(options.reportUrl)) {
    throw new SkillEvalError('USAGE', `--report-url ${JSON.stringify(options.reportUrl)} is not an http(s) URL.`, {
      hint: 'Give the address of the workflow run, such as $GITHUB_SERVER_URL/$GITHUB_REPOSITORY/actions/runs/$GITHUB_RUN_ID.',
    });
  }
  const base = options.base === undefined ? undefined : await readRunDir(resolve(options.cwd, options.base));
  const text = prCommentMarkdown(record, {
    ...(base ? { base } : {}),
    ...(options.reportUrl ? { reportUrl: options.reportUrl } : {}),
  });
  const file = join(runDir, PR_COMMENT_FILE);
  await writeHarnessFileAtomically(runDir, file, text);
  return file;
}
