import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import { z } from 'zod';

export const RUN_MANIFEST_FILE = 'run.json';
export const RUN_MANIFEST_FORMAT = 'skill-eval-run-v1';

/** `run.json`, written when a run starts: how to plan it again, so `--resume` runs exactly what is missing. */
export const RunManifestSchema = z.object({
  format: z.literal(RUN_MANIFEST_FORMAT),
  /** Version of skill-eval that started the run. */
  harnessVersion: z.string().optional(),
  createdAt: z.string(),
  /** What the caller needs to plan the run again (for the CLI: working directory, paths and options). */
  invocation: z.record(z.string(), z.unknown()),
  /** Execution ids of the plan, in run order. */
  plan: z.array(z.string()),
  /**
   * Set by `skill-eval merge` on a run joined from shards: how many ways the run was split and which shards were
   * joined. The plan is those shards' part of the unsharded plan, and `--resume` runs the other shards.
   */
  mergedShards: z
    .object({ count: z.number().int().positive(), indexes: z.array(z.number().int().positive()) })
    .optional(),
});
export type RunManifest = z.infer<typeof RunManifestSchema>;

/** Writes `<outDir>/run.json` atomically. */
export async function writeRunManifest(outDir: string, manifest: RunManifest): Promise<void> {
  const file = join(outDir, RUN_MANIFEST_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(temp, file);
}

/** Reads `<runDir>/run.json`; a directory without one was not started by this version of skill-eval (exit 2). */
export async function readRunManifest(runDir: string): Promise<RunManifest> {
  const file = join(runDir, RUN_MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new SkillEvalError('USAGE', `${runDir} holds no ${RUN_MANIFEST_FILE}, so it cannot be resumed.`, {
      hint: '--resume takes the directory of a run started by skill-eval run (its --out directory).',
    });
  }
  let parsed: ReturnType<typeof RunManifestSchema.safeParse>;
  try {
    parsed = RunManifestSchema.safeParse(JSON.parse(text));
  } catch {
    parsed = RunManifestSchema.safeParse(undefined);
  }
  if (!parsed.success) {
    throw new SkillEvalError('BAD_INPUT', `${file} is damaged or from another version of skill-eval.`, {
      hint: 'Start a new run instead of resuming this one.',
    });
  }
  return parsed.data;
}
