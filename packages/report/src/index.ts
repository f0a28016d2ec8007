export {
  type CaseChange,
  type CaseSide,
  type ChangeKind,
  compareRuns,
  type RunComparison,
} from './compare/compare-runs.js';
export { comparisonHtml } from './compare/comparison-html.js';
export { comparisonText } from './compare/comparison-text.js';
export {
  type ConsoleReporterOptions,
  ConsoleReporterOptionsSchema,
} from './console/console-options.js';
export { createConsoleReporter, default, default as consoleReporter } from './console/console-reporter.js';
export { type FailureReason, failureReason } from './console/failure-reason.js';
export { type CaseFeedback, describeRemark, feedbackByCase } from './console/judge-feedback-lines.js';
export { createQuietConsoleReporter } from './console/quiet-reporter.js';
export { formatCost, formatDuration, formatPercent, formatTokens, truncate, truncateStart } from './format.js';
export { githubAnnotations } from './github/annotations.js';
export {
  createGithubAnnotationsReporter,
  createGithubSummaryReporter,
  githubAnnotationsReporter,
  githubSummaryReporter,
} from './github/github-reporters.js';
export { stepSummaryMarkdown } from './github/step-summary.js';
export { escapeCommandData, escapeCommandProperty, workflowCommand } from './github/workflow-command.js';
export { createJunitReporter, junitReporter } from './junit/junit-reporter.js';
export { type JunitOptions, junitXml } from './junit/junit-xml.js';
export { JUNIT_FILE, writeJunit } from './junit/write-junit.js';
export {
  CASE_INDEX_FILE,
  type CaseIndex,
  CaseIndexSchema,
  caseIndexFromSuites,
  caseKey,
  type IndexedCase,
} from './run-dir/case-index.js';
export { mergeCaseIndexes, readCaseIndex, writeCaseIndex } from './run-dir/case-index-file.js';
export { createCaseIndexReporter } from './run-dir/case-index-reporter.js';
export { createJsonSummaryReporter } from './run-dir/json-summary-reporter.js';
export { type RunRecord, readRunDir } from './run-dir/read-run-dir.js';
export { benchmarkJson } from './skill-creator/benchmark-json.js';
export { placeExecutions } from './skill-creator/eval-layout.js';
export type { SkillCreatorFlavor } from './skill-creator/flavor.js';
export { gradingJson, timingJson } from './skill-creator/grading-json.js';
export { createSkillCreatorReporter, skillCreatorReporter } from './skill-creator/skill-creator-reporter.js';
export { type SkillCreatorOutputOptions, writeSkillCreatorOutputs } from './skill-creator/write-skill-creator.js';
