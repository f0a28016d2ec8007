import { describe, it } from 'vitest';
import { runHostile } from './hostile-run.js';
import { timeLimits } from './time-limits.js';

// Each case waits out its -t (2 to 4 s) and a teardown's grace: more than the usual case of the hostile corpus.
describe.runIf(process.platform === 'linux')('hostile inputs that never end, under -t', () => {
  it.each(timeLimits.map((c) => [c.name, c] as const))('%s', { timeout: 60_000 }, async (_, hostile) => {
    await runHostile(hostile);
  });
});
