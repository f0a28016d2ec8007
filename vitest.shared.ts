import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

/** Every run's reporters: vitest's own, then one closing line for CI that also lists each skip with its reason. */
export const reporters = ['default', fileURLToPath(new URL('./scripts/closing-line-reporter.ts', import.meta.url))];

/**
 * A package's own config, so that `pnpm test` in its folder runs as its part of the root's run does (without one,
 * vitest would take the root's config and look for its projects inside the package).
 */
export const packageConfig = (test: NonNullable<ViteUserConfig['test']> = {}) =>
  defineConfig({ test: { reporters, ...test } });
