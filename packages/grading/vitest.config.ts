import { unitPackageConfig } from '../../vitest.shared.js';

export default unitPackageConfig({
  // The first SQL, HTML or XML check a test file runs loads its parser (node-sql-parser alone is megabytes): 5-10 s
  // on a busy 2-core machine, against vitest's 5 s default. A hang still fails, at 20 s.
  testTimeout: 20_000,
});
