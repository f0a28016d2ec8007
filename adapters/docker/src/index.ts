import { defineEnvironment } from '@skill-eval/core';
import { DockerEnvironment } from './docker-environment.js';
import { type DockerSettings, parseDockerSettings } from './docker-settings.js';

export { type DockerSettings, parseDockerSettings } from './docker-settings.js';

export default defineEnvironment<DockerSettings>({
  contract: 'environment-v1',
  id: 'docker',
  description:
    'Runs each execution in its own container from a local image; its network reaches the model endpoint and nothing else unless opened.',
  parseSettings: parseDockerSettings,
  create: (settings) => new DockerEnvironment(settings),
});
