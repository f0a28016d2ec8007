import { join, resolve } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import { RUN_MANIFEST_FILE, readRunManifest, recordedInvocation } from '@skill-eval/runner';
import type { CommandIO } from '../io/io.js';
import { recordedOptionsNeedTrust, refuseUntrustedRecordedOptions } from '../policy/recorded-options-trust.js';
import { placeOfRun } from './place-of-run.js';
import type { RunCommandOptions } from './run-command-options.js';

/** The default cache directory, relative to the working directory. */
export const DEFAULT_CACHE_DIR = '.skill-eval/cache';

/**
 * What run.json keeps of a `skill-eval run` to plan it again: the working directory, the run directory (so a run
 * directory found elsewhere later is read in the project it moved with, see place-of-run.ts), the paths and the options.
 */
export function runInvocation(paths: readonly string[], options: RunCommandOptions, cwd: string, runDir: string) {
  const { resume: _resume, resumed: _resumed, out: _out, apiKey: _apiKey, otlp: _otlp, ...kept } = options;
  return { cwd, runDir, paths: [...paths], options: kept };
}

/**
 * What `skill-eval run --resume <dir>` needs besides the directory to continue this run, for the hint an interrupted
 * run prints: `--trust` exactly when the resume refuses what run.json records without it (the run's own --trust, an
 * `--ek` program, a `-c` config, an engine module), by the same policy; and `--api-key`, which is never recorded.
 */
export function resumeFlags(paths: readonly string[], options: RunCommandOptions, cwd: string): string[] {
  const { options: recorded } = runInvocation(paths, options, cwd, cwd);
  const flags = recordedOptionsNeedTrust(recorded, cwd, { cwd, paths }) ? ['--trust'] : [];
  if (options.apiKey !== undefined) flags.push('--api-key <key>');
  return flags;
}

/** The cache directory of a run: none with --no-cache, else --cache-dir, config `cacheDir`, or the default. */
export function cacheDirFor(options: RunCommandOptions, configured: string | undefined, cwd: string) {
  if (options.cache === false) return undefined;
  return resolve(cwd, options.cacheDir ?? configured ?? DEFAULT_CACHE_DIR);
}

/** Options that shape what a run plans or how it grades it, by their flags: a resumed run keeps those it started with. */
export const PLAN_FLAGS: Partial<Record<keyof RunCommandOptions, string>> = {
  engine: '--engine',
  judge: '--judge',
  ek: '--ek',
  timeout: '--timeout',
  format: '--format',
  config: '--config',
  trust: '--trust',
  triggerDetection: '--trigger-detection',
  runs: '--runs',
  retries: '--retries',
  benchmark: '--benchmark',
  baseline: '--baseline',
  record: '--record',
  replay: '--replay',
  shard: '--shard',
  changed: '--changed',
  environment: '--environment',
  network: '--network',
  evals: '--evals',
  mode: '--mode',
  case: '--case',
  tag: '--tag',
};

/** Options that say how this invocation prints and paces its work: given with --resume, they apply to it. */
const OUTPUT_OPTIONS = ['quiet', 'verbose', 'json', 'concurrency', 'skillCreator', 'keepWorkspaces'] as const;

/**
 * `run --resume <dir>`: the paths, options and working directory the run was started with (from its run.json),
 * writing into the same directory. The output options given now (-q, -v, --json, -j, --skill-creator), `--no-cache`,
 * `--no-parse-cache` and `--cache-dir` apply; an option that would change what the run plans or how it grades is refused.
 */
export async function resumedRun(
  paths: readonly string[],
  options: RunCommandOptions,
  io: CommandIO,
): Promise<{ paths: string[]; options: RunCommandOptions; io: CommandIO }> {
  if (paths.length || options.out !== undefined) {
    throw new SkillEvalError(
      'USAGE',
      '--resume takes no paths and no --out: it runs what the resumed run planned, in its directory.',
      {
        hint: 'Run `skill-eval run --resume <runDir>` alone.',
      },
    );
  }
  // --trust given now vouches for the options run.json records (checked below); it changes nothing else.
  const planFlags = Object.entries(PLAN_FLAGS).flatMap(([key, flag]) =>
    key === 'trust' || options[key as keyof RunCommandOptions] === undefined ? [] : [flag],
  );
  if (planFlags.length) {
    throw new SkillEvalError(
      'USAGE',
      `--resume continues the run as it was started; ${planFlags.join(', ')} would change what it runs or how it grades.`,
      { hint: 'Resume without them (the run keeps its own), or start a new run with them.' },
    );
  }
  const runDir = resolve(io.cwd, options.resume!);
  const manifest = await readRunManifest(runDir);
  const invocation = recordedInvocation(manifest, io.env, join(runDir, RUN_MANIFEST_FILE)) as Partial<
    ReturnType<typeof runInvocation>
  >;
  if (
    typeof invocation.cwd !== 'string' ||
    !Array.isArray(invocation.paths) ||
    typeof invocation.options !== 'object'
  ) {
    throw new SkillEvalError('BAD_INPUT', `${runDir}/run.json was not written by skill-eval run.`, {
      hint: 'Start a new run instead of resuming this one.',
    });
  }
  const place = placeOfRun(
    { cwd: invocation.cwd, paths: invocation.paths, runDir: invocation.runDir },
    runDir,
    'Resume the run on the machine that started it, or start a new run here.',
  );
  // How the run printed when it started is no matter now: only the output options given now apply.
  const {
    quiet: _quiet,
    verbose: _verbose,
    json: _json,
    keepWorkspaces: _keep,
    // Never written there; a run.json that says so anyway does not choose where traces go.
    otlp: _otlp,
    ...recorded
  } = invocation.options as RunCommandOptions;
  // --trust now vouches for what run.json says; the run keeps the trust it was started with.
  refuseUntrustedRecordedOptions(recorded, runDir, '--resume', options.trust === true, io.cwd, place);
  const output = Object.fromEntries(OUTPUT_OPTIONS.flatMap((key) => (options[key] ? [[key, options[key]]] : [])));
  return {
    paths: place.paths,
    options: {
      ...recorded,
      ...output,
      ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
      ...(options.otlp !== undefined ? { otlp: options.otlp } : {}),
      ...(options.cache === false ? { cache: false } : {}),
      ...(options.parseCache === false ? { parseCache: false } : {}),
      ...(options.cacheDir ? { cacheDir: resolve(io.cwd, options.cacheDir) } : {}),
      out: runDir,
      resume: runDir,
      resumed: true,
    },
    io: { ...io, cwd: place.cwd },
  };
}
