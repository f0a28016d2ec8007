import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { split as cli } from './packages/cli/vitest.config.js';
import { split as engineKit } from './packages/engine-kit/vitest.config.js';
import { split as grading } from './packages/grading/vitest.config.js';
import { split as report } from './packages/report/vitest.config.js';
import { split as runner } from './packages/runner/vitest.config.js';
import SlowFirstSequencer from './scripts/slow-first-sequencer.js';
import { reporters, splitPackageProjects } from './vitest.shared.js';

/** Packages whose many process-neutral tests share a module graph, apart from the few that change the process. */
const SPLIT = [cli, engineKit, grading, report, runner];

export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'formats/*',
      'adapters/*',
      'scripts',
      ...SPLIT.flatMap((pkg) => [`!${pkg.dir}`, ...splitPackageProjects(pkg)]),
    ],
    reporters,
    // vitest's default is one worker fewer than the cores: a single worker on a 2-core CI, which then sits idle while
    // a test waits on a child process (most of the slow ones do). Four on 2 cores: the whole suite took 453 s against
    // 511 s with three, on a machine busy with other work in both. VITEST_MAX_WORKERS still overrides this.
    maxWorkers: Math.max(availableParallelism(), 4),
    sequence: { sequencer: SlowFirstSequencer },
  },
});
