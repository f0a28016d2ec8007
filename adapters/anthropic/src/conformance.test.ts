import { describeEngineConformance } from '@skill-eval/testing/conformance';
import plugin from './index.js';

describeEngineConformance('anthropic', {
  api: 'anthropic',
  createEngine: () => plugin.create(plugin.parseSettings({})),
  // Talks to the model from this process: waiting on it within milliseconds.
  hangTimeoutMs: 1000,
  skillInvocation: (skill) => ({ toolCalls: [{ name: 'Skill', input: { skill } }] }),
  toolCall: () => ({ toolCalls: [{ name: 'Write', input: { file_path: 'conformance.txt', content: 'written\n' } }] }),
});
