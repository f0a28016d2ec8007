import { parsePluginSettings } from '@skill-eval/core';
import * as z from 'zod';

/** Settings of the openai engine; `--ek` values arrive as strings, so numbers are coerced. */
export const OpenAISettingsSchema = z
  .object({
    /** Model id used when the run names none. */
    model: z.string().min(1).default('gpt-5.5'),
    /** Wire API: the Responses API (OpenAI) or Chat Completions (for compatible servers). */
    api: z.enum(['responses', 'chat']).default('responses'),
    /** API base URL (including `/v1`); else OPENAI_BASE_URL, else the SDK default. */
    baseUrl: z.url().optional(),
    /** Environment variable holding the API key. */
    apiKeyEnv: z.string().min(1).default('OPENAI_API_KEY'),
    /** Output token limit of each model call; the API default when absent. */
    maxTokens: z.coerce.number().int().positive().optional(),
    /** Most model calls per user message when the case sets no limit. */
    maxTurns: z.coerce.number().int().positive().default(20),
    /** Sampling temperature; the API default when absent (reasoning models refuse one). */
    temperature: z.coerce.number().min(0).max(2).optional(),
  })
  .strict();
export type OpenAISettings = z.infer<typeof OpenAISettingsSchema>;

export const parseOpenAISettings = (raw: unknown): OpenAISettings =>
  parsePluginSettings('openai', OpenAISettingsSchema, raw);
