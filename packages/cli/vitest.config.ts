import { configDefaults } from 'vitest/config';
import { packageConfig, type SplitPackage } from '../../vitest.shared.js';

const test = {
  // A test that runs a command pays, the first time a test file reaches it, for transforming the lazily imported
  // command's sources: 3–5 s on a 2-core CI, against vitest's 5 s default. A hang still fails, at 20 s.
  testTimeout: 20_000,
  // templates/ holds the sources `skill-eval new` copies into a plugin package: their tests run there, after the build.
  exclude: [...configDefaults.exclude, 'templates/**'],
};

/** The root config's split of these tests (vitest.shared.ts `splitPackageProjects`). */
export const split: SplitPackage = {
  dir: 'packages/cli',
  name: 'skill-eval',
  isolated: [
    // They run agents and the CLI with the process's environment changed for the judge, and kill what they start.
    'src/e2e/**/*.test.ts',
    'src/hostile/**/*.test.ts',
    // The containment mechanism is chosen once per process.
    'src/run/cached-run-containment.test.ts',
    // A mocked module.
    'src/commands/report-html-missing.test.ts',
  ],
  test,
};

export default packageConfig(test);
