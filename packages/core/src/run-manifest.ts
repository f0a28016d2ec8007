import * as z from 'zod';
import { lazySchema } from './lazy-schema.js';

export const RUN_MANIFEST_FILE = 'run.json';
export const RUN_MANIFEST_FORMAT = 'skill-eval-run-v1';

/** `run.json`, written when a run starts: how to plan it again, so `--resume` runs exactly what is missing. */
export const RunManifestSchema = lazySchema(() =>
  z.object({
    format: z.literal(RUN_MANIFEST_FORMAT),
    /** Version of skill-eval that started the run. */
    harnessVersion: z.string().optional(),
    createdAt: z.string(),
    /** What the caller needs to plan the run again (for the CLI: working directory, paths and options), redacted. */
    invocation: z.record(z.string(), z.unknown()),
    /**
     * Where `invocation` held secrets, by the names of the variables they came from (see `redactRecorded`): a resumed or
     * replayed run takes them again from its environment. Absent in runs written before it existed.
     */
    redactions: z
      .array(z.object({ path: z.array(z.union([z.string(), z.number()])), variables: z.array(z.string().nullable()) }))
      .optional(),
    /** Execution ids of the plan, in run order. */
    plan: z.array(z.string()),
    /**
     * Set by `skill-eval merge` on a run joined from shards: how many ways the run was split and which shards were
     * joined. The plan is those shards' part of the unsharded plan, and `--resume` runs the other shards.
     */
    mergedShards: z
      .object({ count: z.number().int().positive(), indexes: z.array(z.number().int().positive()) })
      .optional(),
  }),
);
export type RunManifest = z.infer<typeof RunManifestSchema>;
