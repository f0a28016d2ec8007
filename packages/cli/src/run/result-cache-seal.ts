import { cacheSealKey } from '@skill-eval/runner';
import type { CommandIO } from '../io/io.js';
import { resultCacheSealFile } from '../loading/parsed-yaml-dir.js';
import { cacheDirFor } from './resume-run.js';
import type { RunCommandOptions } from './run-command-options.js';

/** The run's result cache: its folder (none with --no-cache) and the user's key that seals its entries. */
export function runResultCache(
  options: RunCommandOptions,
  configured: string | undefined,
  io: CommandIO,
): { cacheDir?: string; cacheSealKey?: Uint8Array } {
  const cacheDir = cacheDirFor(options, configured, io.cwd);
  if (cacheDir === undefined) return {};
  const cacheSealKey = resultCacheSeal(io);
  return cacheSealKey ? { cacheDir, cacheSealKey } : { cacheDir };
}

/**
 * The user's key that seals the run's cached results. When it cannot be kept, says so: the run then reuses only its
 * own results, under a key of its own.
 */
function resultCacheSeal(io: CommandIO): Uint8Array | undefined {
  const sealed = cacheSealKey(resultCacheSealFile());
  if ('key' in sealed) return sealed.key;
  io.stderr.write(
    `skill-eval: cached results from earlier runs are not reused: the key that seals them is unusable (${sealed.problem}). Remove that file to have a new one made.\n`,
  );
  return undefined;
}
