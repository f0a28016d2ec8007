import { join } from 'node:path';
import {
  isMissingFile,
  REDACTED,
  RUN_MANIFEST_FILE,
  RUN_MANIFEST_FORMAT,
  type RunManifest,
  RunManifestSchema,
  readRegularText,
  readRegularTextSync,
  restoreRedacted,
  SkillEvalError,
} from '@skill-eval/core';

export { RUN_MANIFEST_FILE, RUN_MANIFEST_FORMAT, type RunManifest, RunManifestSchema } from '@skill-eval/core';

/**
 * Whether `dir` holds the run.json of a skill-eval run: a record of a run, whose files are no eval files or project
 * files. Asked of every folder a project walk meets, so a run.json that is a FIFO or a link (to /dev/stdin, /dev/zero)
 * must answer at once: it is read as a regular file only, never followed (a run.json linked from elsewhere is not this
 * folder's), and a large one is no run.json skill-eval wrote.
 */
export function isRunDirectory(dir: string): boolean {
  try {
    return JSON.parse(readRegularTextSync(join(dir, RUN_MANIFEST_FILE)))?.format === RUN_MANIFEST_FORMAT;
  } catch {
    return false;
  }
}

/** Writes `<outDir>/run.json` whole, through nothing planted in the run directory (see writeHarnessFileAtomically). */
export async function writeRunManifest(outDir: string, manifest: RunManifest): Promise<void> {
  // Imported here: list and validate ask isRunDirectory of every folder they walk, and load none of the file layer.
  const { writeHarnessFileAtomically } = await import('@skill-eval/engine-kit/agent-files');
  await writeHarnessFileAtomically(outDir, join(outDir, RUN_MANIFEST_FILE), runManifestText(manifest));
}

/** run.json's text. */
export const runManifestText = (manifest: RunManifest): string => `${JSON.stringify(manifest, null, 2)}\n`;

/**
 * Reads `<runDir>/run.json`; a directory without one was not started by this version of skill-eval (exit 2). A run
 * directory may be someone else's: a run.json that is a link, a FIFO or larger than skill-eval reads is refused at once,
 * naming it, as bad input.
 */
export async function readRunManifest(runDir: string): Promise<RunManifest> {
  const file = join(runDir, RUN_MANIFEST_FILE);
  let text: string;
  try {
    text = await readRegularText(file);
  } catch (error) {
    if (!isMissingFile(error)) {
      throw new SkillEvalError('BAD_INPUT', `${file} cannot be read: ${unreadable(error as NodeJS.ErrnoException)}.`, {
        cause: error,
        hint: 'A run directory holds the run.json skill-eval wrote; this one is not it. Start a new run instead.',
      });
    }
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

/** Why a run.json was not read, in words. */
function unreadable(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ELOOP':
    case 'EMLINK':
      return 'it is a symbolic link, which is never followed';
    case 'EFTYPE':
      return 'it is not a regular file (a folder, a FIFO, a device or a socket)';
    case 'EFBIG':
      return error.message.replace(`${error.path} `, 'it ');
    default:
      return error.message;
  }
}
