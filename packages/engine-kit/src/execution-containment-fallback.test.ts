import { describe, expect, it } from 'vitest';
import {
  CONTAINMENT_VARIABLE,
  containmentMechanism,
  containmentNotice,
  openContainment,
} from './execution-containment.js';
import { alive, leftBehind } from './execution-containment.test-support.js';

// The fallback, chosen as a machine without cgroups would (the choice is made once per process: this file's worker).
process.env[CONTAINMENT_VARIABLE] = 'mark';

describe.runIf(process.platform === 'linux')('an execution contained by the mark scan (the fallback)', () => {
  it('is the mechanism, and says once that it is the weaker one', () => {
    expect(containmentMechanism()).toBe('mark');
    expect(containmentNotice()).toMatch(/falls back to scanning.*SKILL_EVAL_CONTAINMENT=mark/);
  });

  it('ends a process that left its group by setsid and a double fork, by the mark it kept', async () => {
    const containment = await openContainment();
    expect(containment.mechanism).toBe('mark');
    const pids = await leftBehind(containment, `( ( setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $! ) & )`);
    expect(pids.filter(alive)).toHaveLength(1);
    expect((await containment.end()).killed).toBeGreaterThanOrEqual(1);
    expect(pids.filter(alive)).toEqual([]);
  });
});
