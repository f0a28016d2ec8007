import { containmentMechanism } from '@skill-eval/engine-kit/execution-containment';
import { describe, it } from 'vitest';
import { ciLogCommands } from './ci-log-commands.js';
import { escapedChildren } from './escaped-children.js';
import { forgedResults } from './forged-results.js';
import { type HostileCase, runHostile } from './hostile-run.js';
import { kernelEscapes } from './kernel-escapes.js';
import { lateRefusals } from './late-refusals.js';
import { leakedSecrets } from './leaked-secrets.js';
import { silentAgents } from './silent-agents.js';
import { terminalEscapes } from './terminal-escapes.js';

/**
 * Issue 25's hostile corpus, part B: eval files, fixtures and agents (the command engine running shell scripts) that
 * try to forge the results, get the key out, pass by saying nothing, run code or an agent before a refusal, outlive
 * the run, write to the terminal, and print what a CI runner would take for its commands. Each asserts that nothing ran, nothing leaked and nothing was forged (see
 * runHostile for what every case checks besides its own).
 */
const groups: [string, HostileCase[], boolean][] = [
  ['forge the results', forgedResults, true],
  ['leak the key', leakedSecrets, true],
  ['answer nothing', silentAgents, true],
  ['are refused before any agent runs', lateRefusals, true],
  // The test finds the escaped processes in /proc.
  ['leave their process group', escapedChildren, process.platform === 'linux'],
  // What only a kernel boundary ends: on the fallback (no writable cgroup v2) these escape, as its notice says.
  ['leave their process group and the execution’s mark', kernelEscapes, containmentMechanism() === 'cgroup'],
  ['write to the terminal', terminalEscapes, true],
  ['print commands a CI runner would act on', ciLogCommands, true],
];

for (const [what, cases, runs] of groups) {
  describe.runIf(runs)(`hostile inputs that ${what}`, () => {
    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, hostile) => {
      await runHostile(hostile);
    });
  });
}
