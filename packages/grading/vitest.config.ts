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
  // Sets a variable of this process to show that a script check's child never sees it; runs SQL checks from a project
  // folder (the working directory) with their parser's finder replaced.
  isolated: ['src/checks/script.test.ts', 'src/checks/load-sql-parser.test.ts'],
  test,
};

export default packageConfig(test);
