import { parsePluginSettings } from '@skill-eval/core';
import { wordList } from '@skill-eval/engine-kit';
import * as z from 'zod';

/**
 * `--approval-mode` values of gemini 0.61.0 (`choices` of the option, bundle/gemini-3HFX2LNT.js:8103). `yolo` approves
 * every tool call, the only mode in which a headless run never stops to ask.
 */
export const APPROVAL_MODES = ['yolo', 'auto_edit', 'default', 'plan'] as const;

export const GeminiCliSettingsSchema = z
  .object({
    /** Path of the gemini binary; default: `gemini` on PATH. */
    path: z.string().min(1).optional(),
    /** Model passed as `--model` when the case chose none; without either, gemini's own default (`auto` routing). */
    model: z.string().min(1).optional(),
    /** Gemini API endpoint (`GOOGLE_GEMINI_BASE_URL`); default: the one in the environment, else Google's. */
    baseUrl: z.string().url().optional(),
    /** `--approval-mode`. */
    approvalMode: z.enum(APPROVAL_MODES).default('yolo'),
    /** `model.maxSessionTurns` when the case sets no turn limit. */
    maxTurns: z.coerce.number().int().positive().optional(),
    /** Extra arguments appended to every gemini command; a string is split on whitespace. */
    extraArgs: wordList.optional(),
  })
  .strict();

export type GeminiCliSettings = z.infer<typeof GeminiCliSettingsSchema>;

export function parseGeminiCliSettings(raw: unknown): GeminiCliSettings {
  return parsePluginSettings('gemini-cli', GeminiCliSettingsSchema, raw);
}
