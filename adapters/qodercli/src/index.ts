import { defineEngine } from '@skill-eval/core';
import { QodercliEngine } from './qodercli-engine.js';
import { parseQodercliSettings, type QodercliSettings } from './qodercli-settings.js';

export { parseQodercliSettings, type QodercliSettings } from './qodercli-settings.js';

export default defineEngine<QodercliSettings, QodercliEngine>({
  contract: 'engine-v1',
  id: 'qodercli',
  aliases: ['qoder', 'qoder-cli'],
  description:
    'Runs each case on the Qoder CLI (`qodercli -p`, stream-json), skills staged under .qoder/skills. Needs QODER_PERSONAL_ACCESS_TOKEN.',
  parseSettings: parseQodercliSettings,
  create: (settings) => new QodercliEngine(settings),
});
