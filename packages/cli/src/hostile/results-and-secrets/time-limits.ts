import { expect } from 'vitest';
import { escapeGroup, killed } from './escaped-children.js';
import { agent, agentvSuite, type HostileCase, type HostileOutcome, onAgent } from './hostile-run.js';

/**
 * Programs of the eval file (trusted) that never end — a code grader, a setup step, a teardown step — under `-t`: one
 * window from the execution's start bounds them all. The grader and the setup step end with the window and are an error
 * naming it; a teardown gets what is left of it and a few seconds more. What they left running goes with them.
 */

/** How far past its -t an execution may end (its result's duration): the kill, and a loaded machine. */
const SLACK_MS = 2500;

/** The execution ended within `seconds` of -t plus the slack (its own duration, not the CLI's start-up). */
function endedWithin(outcome: HostileOutcome, seconds: number) {
  const [result] = outcome.results();
  expect(result?.durationMs, 'the execution ran past its -t').toBeLessThan(seconds * 1000 + SLACK_MS);
  return result!;
}

const grader = (command: string) =>
  `name: hostile\ntests:\n  - id: one\n    input: one\n    assertions:\n      - {type: contains, value: pass}\n      - {type: code-grader, command: ${JSON.stringify(command)}}\n`;

const hooked = (hook: 'before_each' | 'after_each', command: string) =>
  agentvSuite({ one: 'one' }, `workspace:\n  hooks:\n    ${hook}:\n      command: ${JSON.stringify(command)}\n`);

/** When the teardown case's run began. */
let started = 0;

const cases: HostileCase[] = [
  {
    // The agent spends 3 s of the 4: the grader gets what is left, not a window of its own.
    name: 'a code grader that sleeps forever, after an agent that took most of -t, with a setsid sleeper',
    files: {
      'evals/hostile.eval.yaml': grader(`mkdir -p $PROJECT/marks; ${escapeGroup('grader')} sleep 300`),
      'agent.sh': agent('sleep 3\necho pass'),
    },
    argv: onAgent('--trust', '-t', '4'),
    async expect(outcome) {
      const result = endedWithin(outcome, 4);
      expect(result.status).toBe('error');
      const errored = result.checks.filter((check) => check.errored);
      expect(errored.map((check) => check.evidence).join('\n')).toContain(
        "was stopped: grading passed the execution's time limit (-t)",
      );
      expect(result.error?.code).toBe('TIMEOUT');
      await killed('grader')(outcome);
    },
  },
  {
    name: 'a setup step that sleeps forever, with a setsid sleeper',
    files: {
      'evals/hostile.eval.yaml': hooked('before_each', `mkdir -p $PROJECT/marks\n${escapeGroup('setup')} sleep 300`),
      'agent.sh': agent('touch "$PROJECT/marks/agent-ran"\necho pass'),
    },
    argv: onAgent('--trust', '-t', '3'),
    async expect(outcome) {
      const result = endedWithin(outcome, 3);
      expect(result.error?.code).toBe('SETUP_FAILED');
      expect(result.error?.message).toContain("ran past the execution's time limit (-t 3 s)");
      expect(outcome.marked('agent-ran')).toBe(false);
      await killed('setup')(outcome);
    },
  },
  {
    name: 'a teardown step that sleeps forever, with a setsid sleeper',
    files: {
      'evals/hostile.eval.yaml': hooked('after_each', `mkdir -p $PROJECT/marks\n${escapeGroup('teardown')} sleep 300`),
      'agent.sh': agent('echo pass'),
    },
    argv: onAgent('--trust', '-t', '2'),
    during: async () => {
      started = Date.now();
    },
    async expect(outcome) {
      // Teardown has what is left of -t and 5 s more; its own 30 s limit of before is long gone.
      expect(Date.now() - started, 'the run waited on teardown').toBeLessThan(25_000);
      const [result] = outcome.results();
      expect(result?.status).toBe('passed');
      const warnings = result?.session?.warnings.map((w) => w.message).join('\n');
      expect(warnings).toMatch(/Teardown command .* ran past the execution's time limit \(-t 2 s\)/);
      await killed('teardown')(outcome);
    },
  },
];

/** Programs of the eval file that never end, under -t. */
export const timeLimits: HostileCase[] = cases;
