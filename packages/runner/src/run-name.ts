import { randomBytes } from 'node:crypto';

/**
 * A name for a new run: the time it started, to the millisecond, and a random suffix, so that runs started together
 * (in one CI job, or one after another within a second) never share one. Names sort in the order the runs started.
 */
export const newRunName = (startedAt: Date = new Date()): string =>
  `${startedAt.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
