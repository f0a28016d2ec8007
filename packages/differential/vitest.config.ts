import { defineProject } from 'vitest/config';
import { fastPathChecks, server } from '../../vitest.shared.js';

export default defineProject({
  test: {
    env: fastPathChecks,
    server,
    // Each suite grades its pairs through a peer (one child process) and through skill-eval: a minute or so
    // on a busy 2-core machine. A hang still fails.
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
