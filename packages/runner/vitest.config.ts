import { packageConfig, type SplitPackage } from '../../vitest.shared.js';

/** The root config's split of these tests (vitest.shared.ts `splitPackageProjects`). */
export const split: SplitPackage = {
  dir: 'packages/runner',
  name: '@skill-eval/runner',
  // Overlay mounts and workspaces of dead owners, found by scanning what this process's earlier runs left.
  isolated: ['src/stale-leftovers.test.ts'],
};

export default packageConfig();
