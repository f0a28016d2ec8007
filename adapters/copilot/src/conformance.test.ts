import { describeEngineConformance } from '@skill-eval/testing/conformance';
import plugin from './index.js';
import { COPILOT, sharedCache } from './test-support/copilot-cache.js';

// The real copilot binary (pinned devDependency) on a bring-your-own-key provider: the fake model server's OpenAI
// API on 127.0.0.1 (COPILOT_OFFLINE: no GitHub login, telemetry or update check).
describeEngineConformance('copilot', {
  api: 'openai-chat',
  createEngine: () => plugin.create(plugin.parseSettings({ path: COPILOT, model: 'gpt-4o', provider: 'openai' })),
  env: (server) => ({
    OPENAI_BASE_URL: `${server.url}/v1`,
    OPENAI_API_KEY: 'sk-conformance-copilot-key',
    XDG_CACHE_HOME: sharedCache(),
  }),
  spawnsProcesses: true,
  // Copilot takes seconds to start (its Node runtime and package load) before it reaches the model.
  hangTimeoutMs: 20_000,
  skillInvocation: (skill) => ({ toolCalls: [{ name: 'skill', input: { skill } }] }),
  // Copilot's file tools depend on the model family (`apply_patch` for OpenAI models): its `bash` tool is there for all.
  toolCall: () => ({
    toolCalls: [{ name: 'bash', input: { command: 'echo written > conformance.txt', description: 'write a file' } }],
  }),
});
