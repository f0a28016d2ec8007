import { parsePluginSettings } from '@skill-eval/core';
import { commaList, wordList } from '@skill-eval/engine-kit';
import * as z from 'zod';

/** `--permission-mode` values of qodercli 1.1.52. */
export const QODER_PERMISSION_MODES = ['default', 'accept_edits', 'bypass_permissions', 'dont_ask', 'auto'] as const;

export const QodercliSettingsSchema = z
  .object({
    /** Path of the qodercli binary; default: `qodercli` on PATH. */
    path: z.string().min(1).optional(),
    /** Model passed as `-m` when the case chose none (qodercli's own default is `auto`). */
    model: z.string().min(1).optional(),
    /** `--permission-mode`; an unattended run must not stop to ask. */
    permissionMode: z.enum(QODER_PERMISSION_MODES).default('bypass_permissions'),
    /** `--max-turns` when the case sets none. */
    maxTurns: z.coerce.number().int().positive().optional(),
    /** `--allowed-tools` rules; a string is split on commas. */
    allowedTools: commaList.optional(),
    /** Extra arguments appended to every qodercli command; a string is split on whitespace. */
    extraArgs: wordList.optional(),
  })
  .strict();

export type QodercliSettings = z.infer<typeof QodercliSettingsSchema>;

export function parseQodercliSettings(raw: unknown): QodercliSettings {
  return parsePluginSettings('qodercli', QodercliSettingsSchema, raw);
}
