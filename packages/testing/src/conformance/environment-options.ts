import type { Environment, EnvironmentPlugin } from '@skill-eval/core';

/** The checks of the environment conformance suite, in the order they run. */
export const ENVIRONMENT_CHECK_NAMES = [
  'plugin',
  'runs',
  'env',
  'stdin',
  'files',
  'deadline',
  'abort',
  'stop',
  'missing-program',
  'close',
] as const;
/** One check of the environment conformance suite. */
export type EnvironmentCheckName = (typeof ENVIRONMENT_CHECK_NAMES)[number];

/** How an environment takes part in the environment conformance suite. */
export interface EnvironmentConformanceOptions {
  /** The plugin, as the package default-exports it. */
  plugin: EnvironmentPlugin<unknown>;
  /** Builds the environment under test (its settings: an image, a server); called once per check. */
  createEnvironment(): Environment | Promise<Environment>;
  /** The run's environment variables `start()` is given (where a plugin reads `DOCKER_HOST`); default none. */
  runEnv?: Record<string, string>;
  /** A POSIX shell inside the sandbox (default `/bin/sh`); the checks run their programs with it. */
  shell?: string;
  /** PATH of the programs the checks run inside the sandbox (default `/usr/bin:/bin`). */
  path?: string;
  /** Checks the environment cannot pass by design, each with the reason shown in the suite's title. */
  skipped?: Partial<Record<EnvironmentCheckName, string>>;
  /** Vitest timeout of each check in ms (default 30 000). */
  testTimeoutMs?: number;
}
