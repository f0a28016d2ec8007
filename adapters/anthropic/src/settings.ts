import { parsePluginSettings } from '@skill-eval/core';
import * as z from 'zod';

/** Settings of the anthropic engine; `--ek` values arrive as strings, so numbers are coerced. */
export const AnthropicSettingsSchema = z
  .object({
    /** Model id used when the run names none. */
    model: z.string().min(1).default('claude-sonnet-5-5'),
    /** API base URL; else ANTHROPIC_BASE_URL, else the SDK default. */
    baseUrl: z.url().optional(),
    /** Environment variable holding the API key. */
    apiKeyEnv: z.string().min(1).default('ANTHROPIC_API_KEY'),
    /** max_tokens of each model call. */
    maxTokens: z.coerce.number().int().positive().default(8192),
    /** Most model calls per user message when the case sets no limit. */
    maxTurns: z.coerce.number().int().positive().default(20),
    /** Sampling temperature; the API default when absent. */
    temperature: z.coerce.number().min(0).max(1).optional(),
  })
  .strict();
export type AnthropicSettings = z.infer<typeof AnthropicSettingsSchema>;

export const parseAnthropicSettings = (raw: unknown): AnthropicSettings =>
  parsePluginSettings('anthropic', AnthropicSettingsSchema, raw);
