import { commaList, defineFormat, type Format, parsePluginSettings } from '@skill-eval/core';
import * as z from 'zod';
import { detectClaudePluginEval, FILE_PATTERNS } from './detect.js';

/**
 * Settings of the format, given in the config's `formatSettings`. Claude Code's other run options (--threshold, --runs
 * …) are command-line flags of its own that the files do not carry.
 */
export const ClaudePluginEvalSettingsSchema = z
  .object({
    /**
     * The tools granted in every case, as `claude plugin eval --allow-tools` grants them (a string is split on commas).
     * Without it each case is granted the tools its `allowed_tools` lists, as `--allow-tools <those tools>` would.
     */
    allowTools: commaList.optional(),
  })
  .strict();
export type ClaudePluginEvalSettings = z.infer<typeof ClaudePluginEvalSettingsSchema>;

/** Creates the format reader and writer. */
export function createClaudePluginEvalFormat(settings: ClaudePluginEvalSettings = {}): Format {
  return {
    id: 'claude-plugin-eval',
    filePatterns: FILE_PATTERNS,
    extensions: ['.yaml', '.md'],
    detect: detectClaudePluginEval,
    // The loader is imported when a file is read, not when one is detected.
    load: async (file, text) =>
      (await import('./load-claude-plugin-eval.js')).loadClaudePluginEval(
        file,
        text,
        settings.allowTools ? { allowTools: settings.allowTools } : {},
      ),
    // The writer is imported when a suite is written (convert), not when a file is detected or read.
    write: async (suite) => (await import('./write-claude-plugin-eval.js')).writeClaudePluginEval(suite),
  };
}

export default defineFormat<ClaudePluginEvalSettings>({
  contract: 'format-v1',
  id: 'claude-plugin-eval',
  aliases: ['claude-eval', 'claude-code-eval'],
  description:
    "Claude Code's `claude plugin eval` suites: <eval dir>/**/case.yaml, or prompt.md with graders/*.md, graded as Claude Code 2.1.330 grades them.",
  parseSettings: (raw) => parsePluginSettings('claude-plugin-eval', ClaudePluginEvalSettingsSchema, raw),
  create: createClaudePluginEvalFormat,
});
