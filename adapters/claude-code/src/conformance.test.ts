import { fileURLToPath } from 'node:url';
import { describeEngineConformance } from '@skill-eval/testing/conformance';
import plugin from './index.js';

// The real claude binary (pinned devDependency) against the fake model server on 127.0.0.1.
const CLAUDE = fileURLToPath(new URL('../node_modules/.bin/claude', import.meta.url));

describeEngineConformance('claude-code', {
  api: 'anthropic',
  createEngine: () => plugin.create(plugin.parseSettings({ path: CLAUDE })),
  spawnsProcesses: true,
  skillInvocation: (skill) => ({ toolCalls: [{ name: 'Skill', input: { skill } }] }),
  // Claude Code's Write wants an absolute path; the fake server fills {{cwd}} from the request.
  toolCall: () => ({
    toolCalls: [{ name: 'Write', input: { file_path: '{{cwd}}/conformance.txt', content: 'written\n' } }],
  }),
});
