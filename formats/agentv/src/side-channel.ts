import { dirname, resolve } from 'node:path';
import { CaseSchema, lazySchema } from '@skill-eval/core';
import * as z from 'zod';
import { at, isRecord, type ReadContext } from './context.js';
import type { DocPath } from './source.js';

/**
 * What skill-eval writes under a test's `metadata.skill_eval` for case fields AgentV has no field
 * for (AgentV keeps metadata and ignores it); read back so that a written suite loads unchanged. Built when first
 * used: it holds parts of CaseSchema, which a command that reads no side channel need not build.
 */
export const SideChannelSchema = lazySchema(() =>
  z
    .object({
      kind: CaseSchema.shape.kind,
      shouldTrigger: z.boolean(),
      triggerThreshold: z.number().min(0).max(1),
      gates: CaseSchema.shape.checks,
      failIf: CaseSchema.shape.checks,
      system: z.string(),
      maxTurns: z.number().int().positive(),
      engine: z.string(),
      model: z.string(),
      judge: z.string(),
      workspace: z
        .object({
          overlays: z.array(z.string()),
          inline: z.record(z.string(), z.string()),
          setup: z.array(z.string()),
          teardown: z.array(z.string()),
          artifacts: z.array(z.string()),
        })
        .partial(),
    })
    .partial()
    .strict(),
);
export type SideChannel = z.infer<typeof SideChannelSchema>;

export const SIDE_CHANNEL_KEY = 'skill_eval';

/** Takes `skill_eval` out of a test's metadata copy and returns how it overrides the case read from AgentV fields. */
export function readSideChannel(metadata: Record<string, unknown>, path: DocPath, ctx: ReadContext) {
  const raw = metadata[SIDE_CHANNEL_KEY];
  delete metadata[SIDE_CHANNEL_KEY];
  let side: SideChannel = {};
  if (raw !== undefined) {
    const parsed = SideChannelSchema.safeParse(raw);
    if (parsed.success) side = parsed.data;
    else {
      const issue = parsed.error.issues[0]!;
      ctx.source.sink.error(
        'wrong-type',
        `metadata.skill_eval.${issue.path.join('.')}: ${issue.message}. This block is written by skill-eval; fix or remove it.`,
        at([...path, SIDE_CHANNEL_KEY, ...(issue.path as (string | number)[])]),
      );
    }
  }
  return {
    apply<T extends Record<string, unknown>>(base: T): T {
      const { maxTurns, workspace, ...rest } = side;
      const out: Record<string, unknown> = { ...base, ...rest };
      // A case the file marks as a task is not a trigger case, whatever its skill-used checks say.
      if (rest.kind === 'task' && rest.shouldTrigger === undefined) delete out.shouldTrigger;
      if (maxTurns !== undefined) out.limits = { ...(base.limits as object), maxTurns };
      if (workspace) {
        const resolved = workspace.overlays
          ? { ...workspace, overlays: workspace.overlays.map((o) => resolve(dirname(ctx.source.file), o)) }
          : workspace;
        out.workspace = { ...(isRecord(base.workspace) ? base.workspace : {}), ...resolved };
      }
      return out as T;
    },
  };
}
