import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import { RUN_MANIFEST_FILE, readRunManifest, recordedInvocation } from '@skill-eval/runner';
import type { CommandIO } from '../io/io.js';
import { refuseUntrustedRecordedOptions } from '../policy/recorded-options-trust.js';
import { placeOfRun } from '../run/place-of-run.js';
import type { RunCommandOptions } from '../run/run-command-options.js';
import { recordingFiles } from './recording-files.js';

/**
 * `run --replay <runDir>`: the run as it was recorded — its working directory, paths and options from its run.json,
 * under what is given now (paths, --out, -j, …) — replayed, never recorded, never from the cache. A recorded run
 * without a run.json is replayed with the paths and options given now.
 */
export async function replayedRun(
  paths: readonly string[],
  options: RunCommandOptions,
  io: CommandIO,
): Promise<{ paths: string[]; options: RunCommandOptions; io: CommandIO }> {
  if (options.record || options.resume) {
    throw new SkillEvalError('USAGE', `--replay cannot be combined with ${options.record ? '--record' : '--resume'}.`, {
      hint: 'Replay a recorded run into a new --out directory: skill-eval run --replay <recorded-run-dir>.',
    });
  }
  const runDir = resolve(io.cwd, options.replay!);
  // Before any engine is looked for: a directory without recordings is the problem to name first.
  await recordingFiles(runDir);
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const replay = {
    replay: runDir,
    replaying: true,
    cache: false,
    ...(options.out ? { out: resolve(io.cwd, options.out) } : {}),
  };
  if (!existsSync(join(runDir, RUN_MANIFEST_FILE))) {
    return { paths: [...paths], options: { ...options, ...replay }, io };
  }
  const manifestFile = join(runDir, RUN_MANIFEST_FILE);
  const invocation = recordedInvocation(await readRunManifest(runDir), io.env, manifestFile) as {
    cwd?: unknown;
    runDir?: unknown;
    paths?: unknown;
    options?: Record<string, unknown>;
  };
  const recorded = { ...(invocation.options ?? {}) } as RunCommandOptions;
  delete recorded.record;
  // Only the user chooses where traces go: never a run.json (which skill-eval does not write it into).
  delete recorded.otlp;
  // What is given now is the user's own; what only run.json says needs --trust now.
  const fromFile = Object.fromEntries(
    Object.entries(recorded).filter(([key]) => given[key] === undefined),
  ) as RunCommandOptions;
  const replayOptions = { ...recorded, ...given, ...replay };
  // Paths given now are read here; otherwise the recorded paths, where the run was recorded (or moved with it).
  const place =
    paths.length || !Array.isArray(invocation.paths)
      ? { cwd: io.cwd, paths: [...paths] }
      : placeOfRun(
          {
            cwd: typeof invocation.cwd === 'string' ? invocation.cwd : io.cwd,
            paths: invocation.paths,
            runDir: invocation.runDir,
          },
          runDir,
          `Name what to replay, from here: skill-eval run <eval paths> --replay ${options.replay}.`,
        );
  const recordedPlace = { cwd: place.cwd, paths: paths.length ? [] : place.paths };
  refuseUntrustedRecordedOptions(fromFile, runDir, '--replay', options.trust === true, io.cwd, recordedPlace);
  return { paths: place.paths, options: replayOptions, io: { ...io, cwd: place.cwd } };
}
