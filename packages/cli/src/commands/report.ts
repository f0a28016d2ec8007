import { relative, resolve } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import { readRunDir, writeJunit, writeSkillCreatorOutputs } from '@skill-eval/report';
import type { CommandIO } from '../io/io.js';
import { warnDamagedLines } from '../run/damaged-lines.js';
import { htmlReportMissing, loadHtmlReport } from '../run/html-report.js';
import { writePrComment } from '../run/pr-comment-file.js';

export interface ReportCommandOptions {
  html?: boolean;
  junit?: boolean;
  benchmark?: boolean;
  skillCreator?: boolean;
  agentskills?: boolean;
  /** The pull-request comment (`pr-comment.md`); only when named. */
  prComment?: boolean;
  /** `--base <run-dir>`: the base branch's run, for the comment's newly failing and newly passing cases. */
  base?: string;
  /** `--report-url <url>`: the comment's link to the full report. */
  reportUrl?: string;
}

/**
 * `skill-eval report <runDir>`: writes the run's outputs again from results.jsonl (and summary.json, cases.json):
 * the ones named, or with no flag every one (the HTML report only when its package is installed).
 */
export async function reportCommand(runDir: string, options: ReportCommandOptions, io: CommandIO): Promise<number> {
  if ((options.base !== undefined || options.reportUrl !== undefined) && !options.prComment) {
    throw new SkillEvalError('USAGE', '--base and --report-url shape the pull-request comment: give --pr-comment too.');
  }
  const dir = resolve(io.cwd, runDir);
  const record = await readRunDir(dir);
  warnDamagedLines(io, 'report', runDir, record);
  const named =
    options.html ||
    options.junit ||
    options.benchmark ||
    options.skillCreator ||
    options.agentskills ||
    options.prComment;
  const want = {
    html: named ? options.html === true : true,
    junit: named ? options.junit === true : true,
    // --agentskills alone asks for the agentskills.io variant of skill-creator's files.
    skillCreator: named ? options.skillCreator === true || (options.agentskills === true && !options.benchmark) : true,
    benchmark: named ? options.benchmark === true : true,
  };
  const show = (file: string) => io.stdout.write(`${relative(io.cwd, file) || '.'}\n`);
  const renderer = want.html ? await loadHtmlReport() : undefined;
  if (want.html && !renderer && options.html) throw htmlReportMissing();
  // The HTML report shows the run's summary, which a run that did not finish has not written.
  const unfinished = renderer !== undefined && !record.summary;
  if (unfinished && options.html) throw unfinishedRun(runDir);
  const writeHtml = unfinished ? undefined : renderer;

  if (want.junit) show(await writeJunit(dir, record.results, record.cases ? { cases: record.cases } : {}));
  // --skill-creator and --agentskills together ask for both variants.
  const flavors = options.agentskills
    ? [...(options.skillCreator ? (['skill-creator'] as const) : []), 'agentskills' as const]
    : (['skill-creator'] as const);
  for (const flavor of want.skillCreator || want.benchmark ? flavors : []) {
    const written = await writeSkillCreatorOutputs(dir, record.results, {
      flavor,
      // Names of files from the run directory: on the command's stderr, which keeps them inert in a CI step.
      warn: (message) => io.stderr.write(`skill-eval: ${message}\n`),
      runs: want.skillCreator,
      benchmark: want.benchmark || want.skillCreator,
      ...(record.summary ? { summary: record.summary } : {}),
      ...(record.cases ? { cases: record.cases } : {}),
    });
    if (want.skillCreator) show(resolve(dir, flavor));
    else for (const file of written) show(file);
  }
  if (options.prComment) show(await writePrComment(dir, record, { ...options, cwd: io.cwd }));
  if (writeHtml) show(await writeHtml(dir));
  else if (unfinished) io.stderr.write(`No HTML report: ${unfinishedRun(runDir).message} ${FINISH_HINT}\n`);
  else if (want.html) io.stderr.write('No HTML report: install @skill-eval/report-html to get one.\n');
  return 0;
}

const FINISH_HINT = 'Finish it with `skill-eval run --resume <run-dir>`, then run `skill-eval report` again.';

const unfinishedRun = (runDir: string): SkillEvalError =>
  new SkillEvalError('USAGE', `${runDir} has no summary.json: the run did not finish.`, { hint: FINISH_HINT });
