import { configDefaults } from 'vitest/config';
import { packageConfig } from '../../vitest.shared.js';

export default packageConfig({
  // A test that runs a command pays, the first time a test file reaches it, for transforming the lazily imported
  // command's sources: 3–5 s on a 2-core CI, against vitest's 5 s default. A hang still fails, at 20 s.
  testTimeout: 20_000,
  // templates/ holds the sources `skill-eval new` copies into a plugin package: their tests run there, after the build.
  exclude: [...configDefaults.exclude, 'templates/**'],
});
