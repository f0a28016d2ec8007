import { parsePluginSettings } from '@skill-eval/core';
import { wordList } from '@skill-eval/engine-kit';
import * as z from 'zod';

/** `-s/--sandbox` values of codex 0.169. */
export const SANDBOX_MODES = ['read-only', 'workspace-write', 'danger-full-access'] as const;

/** Codex's own default model when none is chosen; it has an entry in core's price table. */
export const DEFAULT_CODEX_MODEL = 'gpt-5.5';

export const CodexSettingsSchema = z
  .object({
    /** Path of the codex binary; default: `codex` on PATH. */
    path: z.string().min(1).optional(),
    /** Model passed as `-m` when the case chose none. */
    model: z.string().min(1).default(DEFAULT_CODEX_MODEL),
    /** Responses API base URL (`…/v1`); default: `OPENAI_BASE_URL` of the run's environment, else OpenAI's. */
    baseUrl: z.string().url().optional(),
    /** Environment variable (of the run's environment) that holds the API key. */
    apiKeyEnv: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name')
      .default('OPENAI_API_KEY'),
    /** `--sandbox` policy for the commands the agent runs. */
    sandbox: z.enum(SANDBOX_MODES).default('workspace-write'),
    /** Extra arguments appended to every codex command; a string is split on whitespace. */
    extraArgs: wordList.optional(),
  })
  .strict();

export type CodexSettings = z.infer<typeof CodexSettingsSchema>;

export function parseCodexSettings(raw: unknown): CodexSettings {
  return parsePluginSettings('codex', CodexSettingsSchema, raw);
}
