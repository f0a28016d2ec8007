import * as z from 'zod';
import { lazySchema } from './lazy-schema.js';

/**
 * Where a warning comes from, so reports can group and filter them:
 * - `engine`: what the engine said about its own run (output it could not read, a limit it cannot enforce, a
 *   transcript it could not write); a plain-string warning from an engine is read as this kind.
 * - `session`: the session the engine returned does not add up (its tool calls disagree with its events).
 * - `model`: a model the case pins was set aside (for the agent or for the judge).
 * - `skill`: a skill of the case was not staged, or the case names none.
 * - `workspace`: fixtures, setup and teardown (a file not laid, a teardown that failed, the workspace kept).
 * - `artifacts`: files the case asked to collect were not collected or not kept.
 */
export const WARNING_KINDS = ['engine', 'session', 'model', 'skill', 'workspace', 'artifacts'] as const;
export const WarningKindSchema = lazySchema(() => z.enum(WARNING_KINDS));
export type WarningKind = z.infer<typeof WarningKindSchema>;

/** Something that went oddly but did not fail the run: where it comes from, and what happened. */
export const WarningSchema = lazySchema(() =>
  z.object({
    kind: WarningKindSchema,
    message: z.string(),
  }),
);
export type Warning = z.infer<typeof WarningSchema>;

/** A warning of `kind`. */
export const warning = (kind: WarningKind, message: string): Warning => ({ kind, message });

/**
 * A list of warnings as stored: the typed form, or a plain string — what third-party engines return and older runs'
 * results.jsonl hold — read as a warning of `kind`.
 */
export const warningListSchema = (kind: WarningKind) =>
  z.array(z.union([WarningSchema, z.string().transform((message) => warning(kind, message))]));
