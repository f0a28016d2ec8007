import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

/** Every run's reporters: vitest's own, then one closing line for CI that also lists each skip with its reason. */
export const reporters = ['default', fileURLToPath(new URL('./scripts/closing-line-reporter.ts', import.meta.url))];

/**
 * How long a test may run before vitest calls it hung. vitest's default of 5 s fits a quiet machine, but CPU-bound
 * tests (300 fast-check runs of a parser, a package's first import) take several times longer on a loaded 2-core
 * CI with three workers; no test asserts its speed through this (speed is measured in bench/): it guards hangs only.
 */
const TEST_TIMEOUT_MS = 20_000;

/**
 * A package's own config, so that `pnpm test` in its folder runs as its part of the root's run does (without one,
 * vitest would take the root's config and look for its projects inside the package).
 */
export const packageConfig = (test: NonNullable<ViteUserConfig['test']> = {}) =>
  defineConfig({ test: { reporters, testTimeout: TEST_TIMEOUT_MS, ...test } });

/**
 * The config of a package whose tests change nothing of the process they run in (no environment variables, mocks,
 * timers or working directory): its test files share each worker's module graph instead of importing it afresh,
 * about a third less CPU on a 2-core CI. A test that needs a fresh process belongs in a package using
 * {@link packageConfig}.
 */
export const unitPackageConfig = (test: NonNullable<ViteUserConfig['test']> = {}) =>
  packageConfig({ isolate: false, ...test });
