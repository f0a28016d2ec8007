import { fileURLToPath } from 'node:url';
import { describeEngineConformance } from '@skill-eval/testing/conformance';
import plugin from './index.js';

// The real codex binary (pinned devDependency) against the fake model server on 127.0.0.1.
const CODEX = fileURLToPath(new URL('../node_modules/.bin/codex', import.meta.url));

describeEngineConformance('codex', {
  api: 'openai-responses',
  createEngine: () => plugin.create(plugin.parseSettings({ path: CODEX })),
  spawnsProcesses: true,
  // Codex has no skill tool: it reads the skill's SKILL.md, which the fake server's {{cwd}} locates.
  skillInvocation: (skill) => ({
    toolCalls: [{ name: 'exec_command', input: { cmd: `cat {{cwd}}/.agents/skills/${skill}/SKILL.md` } }],
  }),
  toolCall: () => ({ toolCalls: [{ name: 'exec_command', input: { cmd: 'echo conformance-tool-output' } }] }),
});
