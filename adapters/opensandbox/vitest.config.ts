import { defineProject } from 'vitest/config';
import { fastPathChecks, server } from '../../vitest.shared.js';

export default defineProject({
  test: {
    env: fastPathChecks,
    server,
    // Containers start in about half a second each, but a loaded 2-core CI can take several.
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
