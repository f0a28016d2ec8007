import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './scripts/slow-first-sequencer.js';
import { reporters } from './vitest.shared.js';

export default defineConfig({
  test: {
    projects: ['packages/*', 'formats/*', 'adapters/*', 'scripts'],
    reporters,
    // vitest's default is one worker fewer than the cores: a single worker on a 2-core CI, which then sits idle while
    // a test waits on a child process (most of the slow ones do). VITEST_MAX_WORKERS still overrides this.
    maxWorkers: Math.max(availableParallelism(), 3),
    sequence: { sequencer: SlowFirstSequencer },
  },
});
