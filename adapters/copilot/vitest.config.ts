import { packageConfig } from '../../vitest.shared.js';

export default packageConfig();
