import type { FormatPlugin } from '@skill-eval/core';

/** A file the format reads without an error, and how many cases it holds. */
export interface ValidSample {
  /** Its path below the project, e.g. `evals/greetings.prompts.txt`: its name must match one of `filePatterns`. */
  file: string;
  text: string;
  /** How many cases loading it gives, over all its suites. */
  cases: number;
}

/** A file with a mistake, and the line the format must report it at. */
export interface InvalidSample {
  file: string;
  text: string;
  /** The 1-based line of the mistake: some error diagnostic must name it. */
  line: number;
}

/** The checks of the format conformance suite, in the order they run. */
export const FORMAT_CHECK_NAMES = ['plugin', 'detect', 'valid', 'invalid', 'damaged'] as const;
/** One check of the format conformance suite. */
export type FormatCheckName = (typeof FORMAT_CHECK_NAMES)[number];

/** How a format takes part in the format conformance suite. */
export interface FormatConformanceOptions {
  /** The plugin, as the package default-exports it. */
  plugin: FormatPlugin<unknown>;
  /** Raw settings for `parseSettings` (default `undefined`, as a run with no settings gives). */
  settings?: unknown;
  /** Files the format reads cleanly; at least one. They are written to a temp folder and loaded from there. */
  valid: readonly ValidSample[];
  /** Files with a mistake each; at least one. */
  invalid: readonly InvalidSample[];
  /** Pieces of the format's syntax worth inserting when damaging the valid files (`" => "`, `": "`). */
  tokens?: readonly string[];
  /** How many damaged copies of the valid files to load (default 200). */
  damagedRuns?: number;
  /** Checks the format cannot pass by design, each with the reason shown in the suite's title. */
  skipped?: Partial<Record<FormatCheckName, string>>;
}
