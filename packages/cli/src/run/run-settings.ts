import { relative, resolve } from 'node:path';
import { assertRunDirUsable, newRunName, parseShard, type Shard } from '@skill-eval/runner';
import { DEFAULT_ENGINE } from '../engines/default-engine.js';
import { type EngineSpec, parseEngineKwargs, parseEngineSpec } from '../engines/engine-target.js';
import type { CommandIO } from '../io/io.js';
import { type Config, loadConfig } from '../policy/config.js';
import { parseTimeout, wholeNumber } from './numeric-flags.js';
import type { RunCommandOptions } from './run-command-options.js';
import { parseRunMode, type RunMode } from './run-mode-options.js';

const DEFAULT_JUDGE = 'anthropic';

/** What the command line and the config settle for a run before any eval file is read. */
export interface RunSettings {
  config: Config;
  shard: Shard | undefined;
  engineSpecs: EngineSpec[];
  /** With no engine chosen, a suite that declares its own (skill-up engine.custom) runs on the command engine. */
  suiteEnginesAllowed: boolean;
  judgeSpec: EngineSpec;
  /** The user chose the judge (`--judge` or the config's): a case's own judge then names only its model. */
  judgeNamed: boolean;
  /** `--ek` settings, scoped (`anthropic.model=…`) or not. */
  kwargs: Record<string, unknown>;
  concurrency: number;
  timeoutSeconds: number | undefined;
  runMode: RunMode;
  outDir: string;
}

/** The run's settings from its options over the config's; a bad flag or an unusable run directory throws. */
export function runSettings(options: RunCommandOptions, io: CommandIO): RunSettings {
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  const config = loadConfig(io.cwd, options.config, options.trust);
  const engineSpecs = (options.engine?.length ? options.engine : [config.engine ?? DEFAULT_ENGINE].flat()).map(
    parseEngineSpec,
  );
  const suiteEnginesAllowed = !options.engine?.length && config.engine === undefined;
  const judgeSpec = parseEngineSpec(options.judge ?? config.judge ?? DEFAULT_JUDGE);
  const kwargs = parseEngineKwargs(options.ek ?? []);
  const concurrency = wholeNumber(options.concurrency, '-j/--concurrency', 1) ?? config.concurrency ?? 4;
  const timeoutSeconds = parseTimeout(options.timeout, '--timeout') ?? config.timeout;
  const runMode = parseRunMode(options, io.cwd);
  const outDir = resolve(io.cwd, options.out ?? `.skill-eval/runs/${newRunName()}`);
  assertRunDirUsable(outDir, relative(io.cwd, outDir), { resume: Boolean(options.resume) });
  return {
    config,
    shard,
    engineSpecs,
    suiteEnginesAllowed,
    judgeSpec,
    judgeNamed: (options.judge ?? config.judge) !== undefined,
    kwargs,
    concurrency,
    timeoutSeconds,
    runMode,
    outDir,
  };
}
