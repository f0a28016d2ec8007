import { packageConfig } from '../../vitest.shared.js';

// Every file isolated: param-types.test.ts counts the parameter schemas this process has built since the catalogue
// loaded, which a file run before it in a shared module graph would already have built.
export default packageConfig();
