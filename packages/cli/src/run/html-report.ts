import { SkillEvalError } from '@skill-eval/core';

/** The HTML renderer's package: a separate install, loaded only when an HTML report is asked for. */
export const HTML_REPORT_PACKAGE = '@skill-eval/report-html';

type WriteHtmlReport = (runDir: string) => Promise<string>;

const notFound = (error: unknown): boolean => {
  const e = error as { code?: string; message?: string } | undefined;
  return (
    (e?.code === 'ERR_MODULE_NOT_FOUND' || e?.code === 'MODULE_NOT_FOUND') &&
    (e.message ?? '').includes(HTML_REPORT_PACKAGE)
  );
};

/** `writeHtmlReport` of the HTML package, or undefined when it is not installed. */
export async function loadHtmlReport(): Promise<WriteHtmlReport | undefined> {
  try {
    // A literal specifier, so that the CLI's bundle holds the renderer (with the one copy of core the CLI uses).
    const module = (await import('@skill-eval/report-html')) as { writeHtmlReport?: WriteHtmlReport };
    if (typeof module.writeHtmlReport !== 'function') {
      throw new SkillEvalError('PLUGIN_CONTRACT', `${HTML_REPORT_PACKAGE} does not export writeHtmlReport(runDir).`, {
        hint: `Install a version of ${HTML_REPORT_PACKAGE} that matches this skill-eval.`,
      });
    }
    return module.writeHtmlReport;
  } catch (error) {
    if (notFound(error)) return undefined;
    throw error;
  }
}

/** The error for an HTML report asked for without the renderer installed. */
export const htmlReportMissing = (): SkillEvalError =>
  new SkillEvalError(
    'UNKNOWN_PLUGIN',
    'The HTML report needs the package @skill-eval/report-html, which is not installed.',
    {
      hint: `Install ${HTML_REPORT_PACKAGE} (npm install ${HTML_REPORT_PACKAGE}) next to skill-eval.`,
    },
  );
