import { parsePluginSettings } from '@skill-eval/core';
import { commaList, wordList } from '@skill-eval/engine-kit';
import * as z from 'zod';

/** `--permission-mode` values of claude 2.1.330 (`default` kept for older versions). */
export const PERMISSION_MODES = [
  'acceptEdits',
  'auto',
  'bypassPermissions',
  'manual',
  'dontAsk',
  'plan',
  'default',
] as const;

export const ClaudeCodeSettingsSchema = z
  .object({
    /** Path of the claude binary; default: `claude` on PATH. */
    path: z.string().min(1).optional(),
    /** Model id or alias passed as `--model` when the case chose none. */
    model: z.string().min(1).optional(),
    /** Anthropic endpoint (`ANTHROPIC_BASE_URL`); default: the one in the environment. */
    baseUrl: z.string().url().optional(),
    /** `--permission-mode`. */
    permissionMode: z.enum(PERMISSION_MODES).default('bypassPermissions'),
    /** `--max-turns` when the case sets none. */
    maxTurns: z.coerce.number().int().positive().optional(),
    /** `--allowed-tools` rules (`Bash(git *)`, `Skill(name)`); a string is split on commas. */
    allowedTools: commaList.optional(),
    /** Extra arguments appended to every claude command; a string is split on whitespace. */
    extraArgs: wordList.optional(),
  })
  .strict();

export type ClaudeCodeSettings = z.infer<typeof ClaudeCodeSettingsSchema>;

export function parseClaudeCodeSettings(raw: unknown): ClaudeCodeSettings {
  return parsePluginSettings('claude-code', ClaudeCodeSettingsSchema, raw);
}
