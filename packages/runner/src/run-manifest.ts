// fs.promises, not node:fs/promises: the CLI's bundle loads Node's promise API only when it is first used (list
// and validate never do).
import { promises as fsPromises, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  REDACTED,
  RUN_MANIFEST_FILE,
  RUN_MANIFEST_FORMAT,
  type RunManifest,
  RunManifestSchema,
  restoreRedacted,
  SkillEvalError,
} from '@skill-eval/core';

export { RUN_MANIFEST_FILE, RUN_MANIFEST_FORMAT, type RunManifest, RunManifestSchema } from '@skill-eval/core';

/** Whether `dir` holds the run.json of a skill-eval run: a record of a run, whose files are no eval files or project files. */
export function isRunDirectory(dir: string): boolean {
  try {
    return JSON.parse(readFileSync(join(dir, RUN_MANIFEST_FILE), 'utf8'))?.format === RUN_MANIFEST_FORMAT;
  } catch {
    return false;
  }
}

/** Writes `<outDir>/run.json` atomically. */
export async function writeRunManifest(outDir: string, manifest: RunManifest): Promise<void> {
  const file = join(outDir, RUN_MANIFEST_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  await fsPromises.writeFile(temp, `${JSON.stringify(manifest, null, 2)}\n`);
  await fsPromises.rename(temp, file);
}

/** Reads `<runDir>/run.json`; a directory without one was not started by this version of skill-eval (exit 2). */
export async function readRunManifest(runDir: string): Promise<RunManifest> {
  const file = join(runDir, RUN_MANIFEST_FILE);
  let text: string;
  try {
    text = await fsPromises.readFile(file, 'utf8');
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

/**
 * What run.json says of how the run was started (`invocation`), with the secrets it held taken again from `env` (they
 * were redacted when it was written): a resumed or replayed run must run with the settings it was started with, never
 * with `[REDACTED]` as one. Fails naming the variable to set when one is no longer set, and refuses a run.json of an
 * older skill-eval that redacted values without saying whose.
 */
export function recordedInvocation(manifest: RunManifest, env: Record<string, string | undefined>, file: string) {
  if (manifest.redactions) return restoreRedacted(manifest.invocation, manifest.redactions, env, file);
  if (JSON.stringify(manifest.invocation).includes(REDACTED)) {
    throw new SkillEvalError('USAGE', `${file} holds settings that were redacted, and not which variables held them.`, {
      hint: 'It was written by an older skill-eval: start a new run with the same options instead.',
    });
  }
  return manifest.invocation;
}
