import { CONTAINMENT_VARIABLE, containmentMechanism } from '@skill-eval/engine-kit/execution-containment';
import { describe, expect, it } from 'vitest';
import { escapedChildren } from './escaped-children.js';
import { runHostile } from './hostile-run.js';

// The fallback a machine without a writable cgroup v2 uses (macOS, a normal user), chosen once for this file's worker.
process.env[CONTAINMENT_VARIABLE] = 'mark';

describe.runIf(process.platform === 'linux')(
  'on the mark-scan fallback, hostile inputs that leave their process group',
  () => {
    it('use the fallback', () => {
      expect(containmentMechanism()).toBe('mark');
    });

    // The first run pays the CLI's cold start in a worker of a loaded machine.
    it.each(escapedChildren.map((c) => [c.name, c] as const))(
      '%s',
      async (_, hostile) => {
        await runHostile(hostile);
      },
      60_000,
    );
  },
);
