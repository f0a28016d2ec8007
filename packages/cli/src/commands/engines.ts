import { errorInfo } from '@skill-eval/core';
import { loadConfig } from '../config.js';
import type { CommandIO } from '../io.js';
import { harnessVersion, packageVersionOf } from '../package-version.js';
import { BUNDLED_ENGINES } from '../plugins/bundled.js';

export interface EnginesOptions {
  json?: boolean;
  config?: string;
}

interface EngineStatus {
  id: string;
  aliases: string[];
  package: string;
  packageVersion: string | null;
  /** Version of the engine's program or SDK, when it is installed. */
  version: string | null;
  /** Why it cannot run here, when it cannot: not installed, or lacking what it needs in the environment (a key). */
  problem: string | null;
}

async function statusOf(
  entry: (typeof BUNDLED_ENGINES)[number],
  settings: unknown,
  env: Readonly<Record<string, string | undefined>>,
): Promise<EngineStatus> {
  const base = {
    id: entry.id,
    aliases: entry.aliases,
    package: entry.package,
    packageVersion: packageVersionOf(import.meta.resolve(entry.package)) ?? null,
  };
  try {
    const plugin = (await entry.load()).default;
    const engine = plugin.create(plugin.parseSettings(settings ?? {}));
    const version = await engine.version();
    return { ...base, version, problem: engine.missingSetup?.(env) ?? null };
  } catch (error) {
    return { ...base, version: null, problem: errorInfo(error).message };
  }
}

/** `skill-eval engines`: every known engine, whether it can run here, and its version. */
export async function enginesCommand(options: EnginesOptions, io: CommandIO): Promise<number> {
  const config = loadConfig(io.cwd, options.config);
  const statuses = await Promise.all(BUNDLED_ENGINES.map((e) => statusOf(e, config.engineSettings[e.id], io.env)));
  if (options.json) {
    io.stdout.write(`${JSON.stringify({ harnessVersion: harnessVersion(), engines: statuses }, null, 2)}\n`);
    return 0;
  }
  io.stdout.write(`skill-eval ${harnessVersion()}\n`);
  const width = Math.max(...statuses.map((s) => s.id.length));
  for (const s of statuses) {
    const state = s.problem ? `not ready ${s.problem}` : `ready     ${s.version}`;
    io.stdout.write(`  ${s.id.padEnd(width)}  ${`${s.package}@${s.packageVersion ?? '?'}`.padEnd(36)}  ${state}\n`);
  }
  return 0;
}
