import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import type { TriggerDetection } from '@skill-eval/grading';
import { newRunName } from '@skill-eval/runner';
import { type EngineSpec, parseEngineKwargs, parseEngineSpec } from '../engines/engine-target.js';
import type { CommandIO } from '../io/io.js';
import { type Config, loadConfig } from '../policy/config.js';
import { fraction, parseTimeout, wholeNumber } from '../run/numeric-flags.js';
import { DEFAULT_HOLDOUT, DEFAULT_SEED } from './split-queries.js';

/** The options of `skill-eval optimize-description`, as commander parses them. */
export interface OptimizeDescriptionOptions {
  /** The trigger set (default: the skill's own, found as `run` finds it). */
  triggers?: string;
  engine?: string;
  /** The engine whose model proposes descriptions (default: the trigger runs' engine). */
  judge?: string;
  ek?: string[];
  holdout?: string;
  seed?: string;
  maxIterations?: string;
  runsPerQuery?: string;
  triggerThreshold?: string;
  triggerDetection?: TriggerDetection;
  timeout?: string;
  concurrency?: string;
  out?: string;
  /** Write the best description into SKILL.md. */
  apply?: boolean;
  config?: string;
  trust?: boolean;
}

/** skill-creator's run_loop.py defaults: 5 iterations, 3 runs per query, threshold 0.5, 30 s per query. */
const DEFAULTS = { maxIterations: 5, runsPerQuery: 3, threshold: 0.5, timeoutSeconds: 30, concurrency: 4 };
export const REPORT_JSON = 'optimize.json';
export const REPORT_HTML = 'optimize.html';

/** What the options and the config settle for one optimisation. */
export type OptimizeSettings = ReturnType<typeof optimizeSettings>;

/** The optimisation's settings over skill-creator's defaults; a bad flag or an `--out` already used throws. */
export function optimizeSettings(options: OptimizeDescriptionOptions, io: CommandIO) {
  const holdout = fraction(options.holdout, '--holdout') ?? DEFAULT_HOLDOUT;
  const seed = wholeNumber(options.seed, '--seed', 0) ?? DEFAULT_SEED;
  const maxIterations = wholeNumber(options.maxIterations, '--max-iterations', 1) ?? DEFAULTS.maxIterations;
  const runsPerQuery = wholeNumber(options.runsPerQuery, '--runs-per-query', 1) ?? DEFAULTS.runsPerQuery;
  const threshold = fraction(options.triggerThreshold, '--trigger-threshold') ?? DEFAULTS.threshold;
  const timeoutSeconds = parseTimeout(options.timeout, '--timeout') ?? DEFAULTS.timeoutSeconds;
  const concurrency = wholeNumber(options.concurrency, '-j/--concurrency', 1) ?? DEFAULTS.concurrency;
  const triggerDetection = options.triggerDetection ?? 'first-tool';
  const config: Config = loadConfig(io.cwd, options.config, options.trust);
  const engineSpec: EngineSpec = parseEngineSpec(options.engine ?? [config.engine ?? 'claude-code'].flat()[0]!);
  const judgeSpec = options.judge ? parseEngineSpec(options.judge) : engineSpec;
  const kwargs = parseEngineKwargs(options.ek ?? []);
  const outDir = resolve(io.cwd, options.out ?? `.skill-eval/optimize/${newRunName()}`);
  if (existsSync(join(outDir, REPORT_JSON))) {
    throw new SkillEvalError('USAGE', `${relative(io.cwd, outDir)} already holds an optimisation; give another --out.`);
  }
  return {
    holdout,
    seed,
    maxIterations,
    runsPerQuery,
    threshold,
    timeoutSeconds,
    concurrency,
    triggerDetection,
    config,
    engineSpec,
    judgeSpec,
    kwargs,
    outDir,
    trust: options.trust ?? false,
  };
}
