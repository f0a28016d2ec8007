// The report package's public surface: the reporters (as plugins and as factories for runSuites), reading and comparing
// run directories, the run directory's case index, and the judge feedback lines the HTML report shows too. Number
// formatting is `@skill-eval/report/format`; the rest (JUnit XML, workflow commands, skill-creator's files) stays
// private to the reporters that write them.
export {
  type CaseChange,
  type CaseSide,
  type ChangeKind,
  compareRuns,
  type RunComparison,
} from './compare/compare-runs.js';
export { comparisonHtml } from './compare/comparison-html.js';
export { comparisonText } from './compare/comparison-text.js';
export type { ConsoleReporterOptions } from './console/console-options.js';
export { createConsoleReporter, default, default as consoleReporter } from './console/console-reporter.js';
export { type CaseFeedback, describeRemark, feedbackByCase } from './console/judge-feedback-lines.js';
export { createQuietConsoleReporter } from './console/quiet-reporter.js';
export {
  createGithubAnnotationsReporter,
  createGithubSummaryReporter,
  githubAnnotationsReporter,
  githubSummaryReporter,
} from './github/github-reporters.js';
export { PR_COMMENT_MARKER, type PrCommentOptions, prCommentMarkdown } from './github/pr-comment.js';
export { createJunitReporter, junitReporter } from './junit/junit-reporter.js';
export { writeJunit } from './junit/write-junit.js';
export { type CaseIndex, caseIndexFromSuites, caseKey, type IndexedCase } from './run-dir/case-index.js';
export { mergeCaseIndexes, readCaseIndex, writeCaseIndex } from './run-dir/case-index-file.js';
export { createCaseIndexReporter } from './run-dir/case-index-reporter.js';
export { createJsonSummaryReporter } from './run-dir/json-summary-reporter.js';
export { type RunRecord, readRunDir } from './run-dir/read-run-dir.js';
export type { SkillCreatorFlavor } from './skill-creator/flavor.js';
export { createSkillCreatorReporter, skillCreatorReporter } from './skill-creator/skill-creator-reporter.js';
export { type SkillCreatorOutputOptions, writeSkillCreatorOutputs } from './skill-creator/write-skill-creator.js';
