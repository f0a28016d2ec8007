import { appendFile } from 'node:fs/promises';
import { defineReporter, lazySchema, parsePluginSettings, type Reporter, terminalText } from '@skill-eval/core';
import * as z from 'zod';
import { CaseIndexSchema } from '../run-dir/case-index.js';
import { readRunDir } from '../run-dir/read-run-dir.js';
import { githubAnnotations } from './annotations.js';
import { stepSummaryMarkdown } from './step-summary.js';

const writable = lazySchema(() =>
  z.custom<NodeJS.WritableStream>((value) => typeof (value as { write?: unknown } | null)?.write === 'function', {
    message: 'expected a writable stream',
  }),
);

export const GithubSummaryOptionsSchema = lazySchema(() =>
  z.object({
    /** File to append to (default `$GITHUB_STEP_SUMMARY`). */
    file: z.string().optional(),
  }),
);
export type GithubSummaryOptions = z.infer<typeof GithubSummaryOptionsSchema>;

export function createGithubSummaryReporter(options: GithubSummaryOptions = {}): Reporter {
  let outDir: string | undefined;
  return {
    onRunStart(_plan, dir) {
      outDir = dir;
    },
    async onRunEnd(summary) {
      const file = options.file ?? process.env.GITHUB_STEP_SUMMARY;
      if (!file) return;
      // From the run directory, not memory: what was written there is redacted.
      const record = await readRunDir(outDir ?? summary.outDir);
      await appendFile(file, stepSummaryMarkdown(record.results, record.summary ?? summary));
    },
  };
}

/** Appends a Markdown summary of the run to the GitHub Actions job summary. */
export const githubSummaryReporter = defineReporter<GithubSummaryOptions>({
  contract: 'reporter-v1',
  id: 'github-summary',
  description: 'Appends a Markdown summary of the run to $GITHUB_STEP_SUMMARY (GitHub Actions job summary).',
  parseSettings: (raw) => parsePluginSettings('github-summary', GithubSummaryOptionsSchema, raw ?? {}),
  create: createGithubSummaryReporter,
});

export const GithubAnnotationsOptionsSchema = lazySchema(() =>
  z.object({
    /** Where the workflow commands go (default process.stdout, where the Actions runner reads them). */
    stream: writable.optional(),
    /** The run's case index: gives each annotation its eval file and line. */
    cases: CaseIndexSchema.optional(),
    /** Directory the run started in, which the case index's paths are relative to. */
    cwd: z.string().optional(),
    /** The checkout's root (`$GITHUB_WORKSPACE`): annotations name files relative to it, as GitHub reads them. */
    workspace: z.string().optional(),
  }),
);
export type GithubAnnotationsOptions = z.infer<typeof GithubAnnotationsOptionsSchema>;

export function createGithubAnnotationsReporter(options: GithubAnnotationsOptions = {}): Reporter {
  let outDir: string | undefined;
  return {
    onRunStart(_plan, dir) {
      outDir = dir;
    },
    async onRunEnd(summary) {
      const stream = options.stream ?? process.stdout;
      const record = await readRunDir(outDir ?? summary.outDir);
      const cases = record.cases ?? options.cases;
      const lines = githubAnnotations(record.results, {
        summary: record.summary ?? summary,
        ...(cases ? { cases } : {}),
        ...(options.workspace ? { paths: { cwd: options.cwd ?? process.cwd(), workspace: options.workspace } } : {}),
      });
      // The Actions log shows ANSI sequences as a terminal would: text from eval files and agents gets none through.
      for (const line of lines) stream.write(`${terminalText(line)}\n`);
    },
  };
}

/** Prints a GitHub Actions `::error` annotation for every failed or errored case, at its line in the eval file. */
export const githubAnnotationsReporter = defineReporter<GithubAnnotationsOptions>({
  contract: 'reporter-v1',
  id: 'github-annotations',
  description: 'GitHub Actions error annotations for failed and errored cases, at the case in its eval file.',
  parseSettings: (raw) => parsePluginSettings('github-annotations', GithubAnnotationsOptionsSchema, raw ?? {}),
  create: createGithubAnnotationsReporter,
});
