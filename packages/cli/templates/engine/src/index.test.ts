// The engine conformance suite of @skill-eval/testing: each check starts a scripted fake model server on 127.0.0.1,
// runs the engine on it and checks what came back. Offline, no key. Runs after the build (`npm test`), since the
// engine runs the built agent.
import { describeEngineConformance } from '@skill-eval/testing/conformance';
import plugin from './index.js';

describeEngineConformance(plugin.id, {
  api: 'openai-chat',
  spawnsProcesses: true,
  createEngine: () => plugin.create(plugin.parseSettings({})),
  skillInvocation: (skill) => ({ toolCalls: [{ name: 'read_skill', input: { name: skill } }] }),
  toolCall: () => ({ toolCalls: [{ name: 'write_file', input: { path: 'out.txt', content: 'written' } }] }),
});
