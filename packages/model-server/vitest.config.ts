import { unitPackageConfig } from '../../vitest.shared.js';

export default unitPackageConfig();
