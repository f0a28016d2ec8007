import { packageConfig } from '../../vitest.shared.js';

export default packageConfig({
  // A test that runs a command pays, the first time a test file reaches it, for transforming the lazily imported
  // command's sources: 3–5 s on a 2-core CI, against vitest's 5 s default. A hang still fails, at 20 s.
  testTimeout: 20_000,
});
