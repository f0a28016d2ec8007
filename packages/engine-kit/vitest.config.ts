import { packageConfig, type SplitPackage } from '../../vitest.shared.js';

/** The root config's split of these tests (vitest.shared.ts `splitPackageProjects`). */
export const split: SplitPackage = {
  dir: 'packages/engine-kit',
  name: '@skill-eval/engine-kit',
  // The containment mechanism is chosen once per process; the reaper's tests change the environment; the launcher's
  // tests count the launchers this process has started.
  isolated: [
    'src/execution-containment-fallback.test.ts',
    'src/execution-containment-probe.test.ts',
    'src/process-reaper.test.ts',
    'src/process-launcher.test.ts',
  ],
};

export default packageConfig();
