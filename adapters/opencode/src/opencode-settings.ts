import { parsePluginSettings } from '@skill-eval/core';
import { wordList } from '@skill-eval/engine-kit';
import * as z from 'zod';

export const OpencodeSettingsSchema = z
  .object({
    /** Path of the opencode binary; default: `opencode` on PATH. */
    path: z.string().min(1).optional(),
    /**
     * Model passed as `--model provider/model` when the case chose none; without either, opencode picks its own
     * default among the providers it has a credential for.
     */
    model: z.string().min(1).optional(),
    /**
     * Endpoint of the model's provider (its `baseURL` in opencode's provider config); default: `ANTHROPIC_BASE_URL`
     * (with `/v1`) or `OPENAI_BASE_URL` from the environment, else the provider's own.
     */
    baseUrl: z.string().url().optional(),
    /** Extra arguments appended to every opencode command; a string is split on whitespace. */
    extraArgs: wordList.optional(),
  })
  .strict();

export type OpencodeSettings = z.infer<typeof OpencodeSettingsSchema>;

export function parseOpencodeSettings(raw: unknown): OpencodeSettings {
  return parsePluginSettings('opencode', OpencodeSettingsSchema, raw);
}
