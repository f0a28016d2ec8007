import { packageConfig, type SplitPackage } from '../../vitest.shared.js';

const test = {
  // The first SQL, HTML or XML check a test file runs loads its parser (node-sql-parser alone is megabytes): 5-10 s
  // on a busy 2-core machine, against vitest's 5 s default. A hang still fails, at 20 s.
  testTimeout: 20_000,
};

/** The root config's split of these tests (vitest.shared.ts `splitPackageProjects`). */
export const split: SplitPackage = {
  dir: 'packages/grading',
  name: '@skill-eval/grading',
  // Sets a variable of this process to show that a script check's child never sees it.
  isolated: ['src/checks/script.test.ts'],
  test,
};

export default packageConfig(test);
