import { relative, resolve } from 'node:path';
import { readRunDir, writeJunit, writeSkillCreatorOutputs } from '@skill-eval/report';
import { warnDamagedLines } from '../damaged-lines.js';
import { htmlReportMissing, loadHtmlReport } from '../html-report.js';
import type { CommandIO } from '../io.js';

export interface ReportCommandOptions {
  html?: boolean;
  junit?: boolean;
  benchmark?: boolean;
  skillCreator?: boolean;
  agentskills?: boolean;
}

/**
 * `skill-eval report <runDir>`: writes the run's outputs again from results.jsonl (and summary.json, cases.json):
 * the ones named, or with no flag every one (the HTML report only when its package is installed).
 */
export async function reportCommand(runDir: string, options: ReportCommandOptions, io: CommandIO): Promise<number> {
  const dir = resolve(io.cwd, runDir);
  const record = await readRunDir(dir);
  warnDamagedLines(io, 'report', runDir, record);
  const named = options.html || options.junit || options.benchmark || options.skillCreator || options.agentskills;
  const want = {
    html: named ? options.html === true : true,
    junit: named ? options.junit === true : true,
    // --agentskills alone asks for the agentskills.io variant of skill-creator's files.
    skillCreator: named ? options.skillCreator === true || (options.agentskills === true && !options.benchmark) : true,
    benchmark: named ? options.benchmark === true : true,
  };
  const show = (file: string) => io.stdout.write(`${relative(io.cwd, file) || '.'}\n`);
  const writeHtml = want.html ? await loadHtmlReport() : undefined;
  if (want.html && !writeHtml && options.html) throw htmlReportMissing();

  if (want.junit) show(await writeJunit(dir, record.results, record.cases ? { cases: record.cases } : {}));
  if (want.skillCreator || want.benchmark) {
    const flavor = options.agentskills ? 'agentskills' : 'skill-creator';
    const written = await writeSkillCreatorOutputs(dir, record.results, {
      flavor,
      runs: want.skillCreator,
      benchmark: want.benchmark || want.skillCreator,
      ...(record.summary ? { summary: record.summary } : {}),
      ...(record.cases ? { cases: record.cases } : {}),
    });
    if (want.skillCreator) show(resolve(dir, flavor));
    else for (const file of written) show(file);
  }
  if (writeHtml) show(await writeHtml(dir));
  else if (want.html) io.stderr.write('No HTML report: install @skill-eval/report-html to get one.\n');
  return 0;
}
