import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import {
  agent,
  agentvSuite,
  type HostileCase,
  type HostileOutcome,
  type HostileProject,
  onAgent,
} from './hostile-run.js';

/**
 * Starts a sleeper in a session (and so a process group) of its own, which notes its pid in `marks/<name>`, and waits
 * until it has: out of the group by then, whatever happens to the group next. `via` comes between `setsid` and the
 * sleeper's shell (`env -i`: an empty environment).
 */
export const escapeGroup = (name: string, via = '') =>
  `setsid ${via} sh -c 'echo $$ > "$PROJECT/marks/${name}.tmp" && mv "$PROJECT/marks/${name}.tmp" "$PROJECT/marks/${name}"; exec sleep 300' </dev/null >/dev/null 2>&1 &\n` +
  `while [ ! -s "$PROJECT/marks/${name}" ]; do sleep 0.01; done;`;

/** A killed process is gone, or a zombie its new parent has not reaped yet. */
export function dead(pid: number): boolean {
  try {
    return /^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** Waits for `marks/<name>` (the escaped process has noted its pid); its pid. */
export async function pidIn(project: HostileProject, name: string): Promise<number> {
  const file = join(project.dir, 'marks', name);
  for (let i = 0; i < 100 && !existsSync(file); i++) await sleep(20);
  const pid = Number(readFileSync(file, 'utf8').trim());
  expect(pid).toBeGreaterThan(0);
  return pid;
}

/** The escaped processes named are dead when the run has returned (runHostile also finds none left by their tag). */
export const killed = (...names: string[]) =>
  async function expectKilled(outcome: HostileOutcome) {
    for (const name of names) {
      const pid = await pidIn(outcome, name);
      expect(dead(pid), `${name} outlived the run`).toBe(true);
    }
  };

const hooked = (hook: 'before_each' | 'after_each', command: string) =>
  agentvSuite(
    { one: 'one' },
    `workspace:\n  hooks:\n    ${hook}:\n      command: ${JSON.stringify(`mkdir -p $PROJECT/marks\n${command}`)}\n`,
  );

const cases: HostileCase[] = [
  {
    name: 'the agent leaves a setsid sleeper behind and ends normally',
    files: {
      'evals/hostile.eval.yaml': agentvSuite({ one: 'one' }),
      'agent.sh': agent(`${escapeGroup('sleeper')}\necho pass`),
    },
    argv: onAgent(),
    expect: killed('sleeper'),
  },
  {
    name: 'a daemon that double-forks out of its session',
    files: {
      'evals/hostile.eval.yaml': agentvSuite({ one: 'one' }),
      'agent.sh': agent(
        `( ( ${escapeGroup('daemon')} ) & ) &\nwhile [ ! -s "$PROJECT/marks/daemon" ]; do sleep 0.01; done\necho pass`,
      ),
    },
    argv: onAgent(),
    expect: killed('daemon'),
  },
  {
    name: 'a sleeper holding the agent’s stdout open after the agent exits',
    files: {
      'evals/hostile.eval.yaml': agentvSuite({ one: 'one' }),
      'agent.sh': agent(`setsid sh -c 'echo $$ > "$PROJECT/marks/holder"; exec sleep 300' &\nsleep 0.1\necho pass`),
    },
    argv: onAgent(),
    expect: killed('holder'),
  },
  {
    name: 'the agent times out with a setsid sleeper running',
    files: {
      'evals/hostile.eval.yaml': agentvSuite({ one: 'one' }),
      'agent.sh': agent(`${escapeGroup('sleeper')}\nsleep 300`),
    },
    argv: onAgent('-t', '1'),
    async expect(outcome) {
      await killed('sleeper')(outcome);
      expect(outcome.results()[0]?.error?.code).toBe('TIMEOUT');
    },
  },
  {
    name: 'Ctrl-C while the agent runs, with a setsid sleeper',
    files: {
      'evals/hostile.eval.yaml': agentvSuite({ one: 'one' }),
      'agent.sh': agent(`${escapeGroup('sleeper')}\nsleep 300`),
    },
    argv: onAgent(),
    during: async (project) => {
      await pidIn(project, 'sleeper');
      process.emit('SIGINT', 'SIGINT');
    },
    async expect(outcome) {
      expect(outcome.code).toBe(130);
      await killed('sleeper')(outcome);
      expect(outcome.summary().interrupted).toBe(true);
    },
  },
  {
    name: 'a setup step (trusted) starts a setsid service',
    files: { 'evals/hostile.eval.yaml': hooked('before_each', escapeGroup('service')), 'agent.sh': agent('echo pass') },
    argv: onAgent('--trust'),
    expect: killed('service'),
  },
  {
    name: 'a teardown step (trusted) starts a setsid sleeper',
    files: { 'evals/hostile.eval.yaml': hooked('after_each', escapeGroup('late')), 'agent.sh': agent('echo pass') },
    argv: onAgent('--trust'),
    expect: killed('late'),
  },
  {
    name: 'a grading script (trusted) starts a setsid sleeper',
    files: {
      'evals/hostile.eval.yaml': `name: hostile\nprompts: ["{{ input }}"]\ntests:\n  - id: one\n    vars: {input: hi}\n    assert:\n      - type: script\n        command: ${JSON.stringify(`mkdir -p $PROJECT/marks; ${escapeGroup('grader')} exit 0`)}\n`,
      'agent.sh': agent('echo pass'),
    },
    argv: onAgent('--trust'),
    async expect(outcome) {
      await killed('grader')(outcome);
      expect(outcome.results()[0]?.status).toBe('passed');
    },
  },
];

/** Processes of an execution that leave their process group (Linux: the test reads /proc). */
export const escapedChildren: HostileCase[] = cases;
