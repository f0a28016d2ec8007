import { fileURLToPath } from 'node:url';
import { describeEngineConformance } from '@skill-eval/testing/conformance';
import plugin from './index.js';

// The real opencode binary (pinned devDependency) against the fake model server's Anthropic API on 127.0.0.1.
const OPENCODE = fileURLToPath(new URL('../node_modules/.bin/opencode', import.meta.url));

describeEngineConformance('opencode', {
  api: 'anthropic',
  createEngine: () => plugin.create(plugin.parseSettings({ path: OPENCODE, model: 'anthropic/claude-sonnet-4-5' })),
  spawnsProcesses: true,
  // A fresh HOME makes opencode create its database first: it reaches the model later than most CLIs (over 30 s
  // under CI load, so the check's three turns of 15, 30 and 60 s).
  hangTimeoutMs: 15_000,
  // Each opencode start takes about 8 s alone (its database, in the check's fresh HOME), and three times that while
  // CI runs other agents' tests beside it; on a slower machine (its kernel isolating page tables, `node -e 0` in 80 ms)
  // the multi-turn check's two starts took 12 s alone and over 150 s while CI ran.
  runTimeoutMs: 150_000,
  skipped: {
    // opencode retries a 5xx itself, five times with 2, 4, 8, 16 and 30 s of backoff (SessionRetry of opencode
    // 1.18.33: RETRY_MAX_RETRIES = 5, RETRY_INITIAL_DELAY = 2000, RETRY_BACKOFF_FACTOR = 2), and no setting turns
    // that off: the failure comes only after a minute of backoff, on top of opencode's slow start, where the check
    // holds a failure to ending the run promptly.
    'error-500': 'opencode retries a 500 five times with backoff (about a minute) before it fails',
  },
  skillInvocation: (skill) => ({ toolCalls: [{ name: 'skill', input: { name: skill } }] }),
  toolCall: () => ({ toolCalls: [{ name: 'write', input: { filePath: 'conformance.txt', content: 'written\n' } }] }),
});
