import { packageConfig, type SplitPackage } from '../../vitest.shared.js';

/** The root config's split of these tests (vitest.shared.ts `splitPackageProjects`). */
export const split: SplitPackage = {
  dir: 'packages/report',
  name: '@skill-eval/report',
  // Stubbed environment variables (CI, NO_COLOR, FORCE_COLOR) and fake timers.
  isolated: ['src/console/console-reporter.test.ts'],
};

export default packageConfig();
