import { fileURLToPath } from 'node:url';
import { describeEngineConformance } from '@skill-eval/testing/conformance';
import plugin from './index.js';

// The real gemini binary (pinned devDependency) against the fake model server's Gemini API on 127.0.0.1.
const GEMINI = fileURLToPath(new URL('../node_modules/.bin/gemini', import.meta.url));

describeEngineConformance('gemini-cli', {
  api: 'gemini',
  // A pinned model: gemini's default (`auto`) first asks a router model which model to use.
  createEngine: () => plugin.create(plugin.parseSettings({ path: GEMINI, model: 'gemini-2.5-flash' })),
  spawnsProcesses: true,
  // gemini takes about 3 s of CPU to reach the model (its bundle loads before it reads its prompt): a first limit of
  // 3 s never finds it waiting there, and each start takes three times as long while CI runs other agents beside it.
  hangTimeoutMs: 6000,
  // The multi-turn check starts gemini twice; one start took 12 s under CI load, and the two ran into 30 s.
  runTimeoutMs: 60_000,
  skillInvocation: (skill) => ({ toolCalls: [{ name: 'activate_skill', input: { name: skill } }] }),
  toolCall: () => ({
    toolCalls: [{ name: 'write_file', input: { file_path: 'conformance.txt', content: 'written\n' } }],
  }),
});
