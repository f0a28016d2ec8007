import type { ExpectedOutputPolicy } from './read-context.js';

/** Options of `loadEvalsJson` (load-evals-json.ts); the plugin settings map onto them. */
export interface LoadEvalsJsonOptions {
  /** Severity of a `files` entry that does not exist (default `warning`, as BMAD only warns). */
  missingFiles?: 'error' | 'warning';
  /** When `expected_output` is graded (default `auto`: only when a case has no assertions). */
  expectedOutput?: ExpectedOutputPolicy;
  /** Runs of each trigger case (default 3). */
  triggerRuns?: number;
  /** When a case's workspace starts as a copy of the project: BMAD's evals (default), always, or never. */
  projectCopy?: 'bmad' | 'always' | 'never';
  /** What the project copy leaves out besides `.git`, `node_modules` and run folders. */
  projectExclude?: string[];
  /** Directory the suite id is relative to (default the process's working directory). */
  cwd?: string;
}
