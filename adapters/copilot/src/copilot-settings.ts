import { parsePluginSettings } from '@skill-eval/core';
import { wordList } from '@skill-eval/engine-kit';
import * as z from 'zod';

export const CopilotSettingsSchema = z
  .object({
    /** Path of the copilot binary; default: `copilot` on PATH. */
    path: z.string().min(1).optional(),
    /** Model passed as `--model` when the case chose none; without either, Copilot picks its own default. */
    model: z.string().min(1).optional(),
    /**
     * The API of a bring-your-own-key provider (Copilot's `COPILOT_PROVIDER_TYPE`): `openai` (OpenAI-compatible chat
     * completions) or `anthropic`. Setting it runs Copilot on that provider instead of GitHub's models; default: the
     * user's `COPILOT_PROVIDER_TYPE` when `COPILOT_PROVIDER_BASE_URL` is set.
     */
    provider: z.enum(['openai', 'anthropic']).optional(),
    /**
     * Endpoint of the bring-your-own-key provider (Copilot's `COPILOT_PROVIDER_BASE_URL`); default: `OPENAI_BASE_URL`
     * or `ANTHROPIC_BASE_URL` (by provider), else the user's `COPILOT_PROVIDER_BASE_URL`, else the provider's own.
     */
    baseUrl: z.string().url().optional(),
    /** Extra arguments appended to every copilot command; a string is split on whitespace. */
    extraArgs: wordList.optional(),
  })
  .strict();

export type CopilotSettings = z.infer<typeof CopilotSettingsSchema>;

export function parseCopilotSettings(raw: unknown): CopilotSettings {
  return parsePluginSettings('copilot', CopilotSettingsSchema, raw);
}
