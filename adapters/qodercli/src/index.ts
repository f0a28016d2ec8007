import { defineEngine } from '@skill-eval/core';
import { QodercliEngine } from './qodercli-engine.js';
import { parseQodercliSettings, type QodercliSettings } from './qodercli-settings.js';

export { buildQodercliArgs, buildQodercliEnv, type QodercliArgsOptions, TOKEN_VAR } from './qodercli-command.js';
export { CREDITS_FILE, ENGINE_ID, QodercliEngine, TRANSCRIPT_FILE } from './qodercli-engine.js';
export { isNotLoggedIn, type QodercliResultExtras, readQodercliExtras } from './qodercli-extras.js';
export {
  parseQodercliSettings,
  QODER_PERMISSION_MODES,
  type QodercliSettings,
  QodercliSettingsSchema,
} from './qodercli-settings.js';
export { resolveQodercliBinary } from './resolve-qodercli-binary.js';

export default defineEngine<QodercliSettings, QodercliEngine>({
  contract: 'engine-v1',
  id: 'qodercli',
  aliases: ['qoder', 'qoder-cli'],
  description:
    'Runs each case on the Qoder CLI (`qodercli -p`, stream-json), skills staged under .qoder/skills. Needs QODER_PERSONAL_ACCESS_TOKEN.',
  parseSettings: parseQodercliSettings,
  create: (settings) => new QodercliEngine(settings),
});
