import { defineEnvironment } from '@skill-eval/core';
import { OpenSandboxEnvironment } from './opensandbox-environment.js';
import { type OpenSandboxSettings, parseOpenSandboxSettings } from './opensandbox-settings.js';

export { type OpenSandboxSettings, parseOpenSandboxSettings } from './opensandbox-settings.js';

export default defineEnvironment<OpenSandboxSettings>({
  contract: 'environment-v1',
  id: 'opensandbox',
  description:
    'Runs each execution in its own sandbox on an OpenSandbox server (OPENSANDBOX_BASE_URL, OPENSANDBOX_API_KEY); its egress limited to the model endpoints unless opened.',
  parseSettings: parseOpenSandboxSettings,
  create: (settings) => new OpenSandboxEnvironment(settings),
});
