import { describeEngineConformance } from '@skill-eval/testing/conformance';
import plugin from './index.js';

for (const api of ['responses', 'chat'] as const) {
  describeEngineConformance(`openai (api: ${api})`, {
    api: api === 'responses' ? 'openai-responses' : 'openai-chat',
    createEngine: () => plugin.create(plugin.parseSettings({ api })),
    // Talks to the model from this process: waiting on it within milliseconds.
    hangTimeoutMs: 1000,
    skillInvocation: (skill) => ({ toolCalls: [{ name: 'Skill', input: { skill } }] }),
    toolCall: () => ({ toolCalls: [{ name: 'Write', input: { file_path: 'conformance.txt', content: 'written\n' } }] }),
  });
}
