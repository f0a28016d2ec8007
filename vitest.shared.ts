import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';

/** Every run's reporters: vitest's own, then one closing line for CI that also lists each skip with its reason. */
export const reporters = ['default', fileURLToPath(new URL('./scripts/closing-line-reporter.ts', import.meta.url))];

/**
 * How long a test may run before vitest calls it hung. vitest's default of 5 s fits a quiet machine, but CPU-bound
 * tests (300 fast-check runs of a parser, a package's first import) take several times longer on a loaded 2-core
 * CI with three workers; no test asserts its speed through this (speed is measured in bench/): it guards hangs only.
 */
const TEST_TIMEOUT_MS = 20_000;

/**
 * Set in every test process (and in the skill-eval processes tests start with its environment): the fast paths that
 * stand in for a slower reference check each answer against it and throw on a difference (the runner's
 * conformResult against CaseResultSchema.parse), so the whole suite holds them to the slow path.
 */
export const fastPathChecks = { SKILL_EVAL_CHECK_FAST_PATHS: '1' };
const env = fastPathChecks;

/**
 * The workspace's built packages (the dist/ of packages/, formats/ and adapters/), which a package's tests reach through
 * its dependencies: imported by Node itself, as a user's install imports them, rather than transformed and evaluated
 * by vitest's module runner, which every isolated test file paid for afresh (each runs in a new process, so nothing is
 * shared that was not before). A package's own sources (src/) stay vitest's, transformed from TypeScript.
 */
export const server = { deps: { external: [/\/(packages|formats|adapters)\/[^/]+\/dist\//] } };

/**
 * A package's own config, so that `pnpm test` in its folder runs as its part of the root's run does (without one,
 * vitest would take the root's config and look for its projects inside the package).
 */
export const packageConfig = (test: NonNullable<ViteUserConfig['test']> = {}) =>
  defineConfig({ test: { reporters, server, testTimeout: TEST_TIMEOUT_MS, ...test, env: { ...env, ...test.env } } });

/**
 * The config of a package whose tests change nothing of the process they run in (no environment variables, mocks,
 * timers or working directory): its test files share each worker's module graph instead of importing it afresh,
 * about a third less CPU on a 2-core CI. A package with a few tests that need a fresh process is split instead
 * ({@link splitPackageProjects}); scripts/shared-module-graph.test.ts finds a shared test that changes the process.
 */
export const unitPackageConfig = (test: NonNullable<ViteUserConfig['test']> = {}) =>
  packageConfig({ isolate: false, ...test });

type TestOptions = NonNullable<ViteUserConfig['test']>;

/** What a package with a few process-changing test files tells the root config: its name, those files, its options. */
export interface SplitPackage {
  /** The package's folder, relative to the repository. */
  dir: string;
  /** The project name (the package's name), as `--project` takes it. */
  name: string;
  /**
   * Globs (relative to the package) of the test files that change the process they run in — environment variables,
   * mocked modules, fake timers, a choice a module makes once per process — or drive agents and CLIs whose tests set
   * such state, or count what this process has made so far (launchers started, schemas built): each gets a fresh
   * module graph. scripts/shared-module-graph.test.ts finds the first kinds; a count of module state it cannot see.
   */
  isolated: string[];
  test?: TestOptions;
}

/**
 * A package's tests as two projects of the root config: most share each worker's module graph (as
 * {@link unitPackageConfig}: about 60% less CPU for the CLI's and the runner's unit tests on a 2-core CI), the files
 * `isolated` names each import it afresh, as `{name}:isolated`. The package's own config (for `pnpm test` in its
 * folder) stays {@link packageConfig}, every file isolated.
 */
export function splitPackageProjects({ dir, name, isolated, test = {} }: SplitPackage) {
  const options = { reporters, server, testTimeout: TEST_TIMEOUT_MS, ...test, env: { ...env, ...test.env } };
  const exclude = test.exclude ?? configDefaults.exclude;
  return [
    { root: dir, test: { ...options, name, isolate: false, exclude: [...exclude, ...isolated] } },
    { root: dir, test: { ...options, name: `${name}:isolated`, include: isolated, exclude } },
  ];
}
