import { defineFormat, type Format, parsePluginSettings } from '@skill-eval/core';
import { z } from 'zod';
import { detectClaudePluginEval, FILE_PATTERNS } from './detect.js';
import { loadClaudePluginEval } from './load-claude-plugin-eval.js';
import { writeClaudePluginEval } from './write-claude-plugin-eval.js';

/** The format has no settings yet: Claude Code's run options (--threshold, --runs …) are command-line flags. */
export const ClaudePluginEvalSettingsSchema = z.object({}).strict();
export type ClaudePluginEvalSettings = z.infer<typeof ClaudePluginEvalSettingsSchema>;

/** Creates the format reader and writer. */
export function createClaudePluginEvalFormat(): Format {
  return {
    id: 'claude-plugin-eval',
    filePatterns: FILE_PATTERNS,
    extensions: ['.yaml', '.md'],
    detect: detectClaudePluginEval,
    load: (file, text) => loadClaudePluginEval(file, text),
    write: writeClaudePluginEval,
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
