import { describe, it } from 'vitest';
import { runHostile } from './hostile-run.js';
import { runawayPatterns } from './runaway-patterns.js';

// Each case waits out a pattern's time limit, within -t 3: more than the usual case of the hostile corpus.
describe('hostile inputs that hang the grading with runaway patterns', () => {
  it.each(runawayPatterns.map((c) => [c.name, c] as const))('%s', { timeout: 60_000 }, async (_, hostile) => {
    await runHostile(hostile);
  });
});
