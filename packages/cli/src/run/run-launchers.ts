import { DEFAULT_ENGINE } from '../engines/default-engine.js';
import { parseEngineSpec } from '../engines/engine-target.js';
import { bundledEngine } from '../plugins/bundled.js';
import type { RunCommandOptions } from './run-command-options.js';

/**
 * Starts the first of the process launchers that engines start their programs from (engine-kit's process-launcher),
 * when one of these engines is a bundled engine that starts programs. A launcher takes a Node start-up to boot, which
 * it then spends beside the run's own work; it keeps no process alive, and ends when this process does.
 */
export async function prestartLaunchers(
  engines: readonly { id: string }[],
  options: { probeContainment?: boolean } = {},
): Promise<void> {
  if (!engines.some((engine) => bundledEngine(engine.id)?.startsPrograms)) return;
  const { prestartLaunchers: start } = await import('@skill-eval/engine-kit/process-launcher');
  start(options);
}

/**
 * For a run started without the result cache (`--no-cache`, or `--record`, which turns it off), which runs every
 * execution: its launchers start before the run's own code loads (about a tenth of a second here), so that the first
 * is ready when the first execution is instead of booting after that code. The engines are those `-e` names; with
 * none named, the default, as a config's engine is read only with the rest of the run's settings, after that code (a
 * config's engine that starts no program has a launcher started in vain). A run refused after this (a bad flag, an
 * `--out` that holds a run) ends its launcher with it; an engine name that does not parse is left to the settings to
 * report.
 */
export async function prestartLaunchersBeforeLoading(options: RunCommandOptions): Promise<void> {
  if (options.cache !== false && !options.record) return;
  let engines: { id: string }[];
  try {
    engines = (options.engine?.length ? options.engine : [DEFAULT_ENGINE]).map(parseEngineSpec);
  } catch {
    return;
  }
  // The launcher makes the containment probe once booted, while the run's code loads: this process waits on the
  // kernel for none of it (see engine-kit's startContainmentProbe).
  await prestartLaunchers(engines, { probeContainment: true });
}
