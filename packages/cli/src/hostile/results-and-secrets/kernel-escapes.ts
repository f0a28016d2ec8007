import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { escapeGroup, killed, pidIn } from './escaped-children.js';
import { agent, agentvSuite, type HostileCase, onAgent } from './hostile-run.js';

/** Processes whose session is `sid` (the fork loop's sleepers). */
function inSession(sid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
          .replace(/^.*\) /, '')
          .split(' ');
        return fields[0] !== 'Z' && Number(fields[3]) === sid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const suite = { 'evals/hostile.eval.yaml': agentvSuite({ one: 'one' }) };

/** Escapes the execution's mark cannot see: only a kernel boundary (a cgroup) ends them. */
const cases: HostileCase[] = [
  {
    name: 'a sleeper started with an empty environment (env -i)',
    files: { ...suite, 'agent.sh': agent(`${escapeGroup('bare', 'env -i')}\necho pass`) },
    argv: onAgent(),
    expect: killed('bare'),
  },
  {
    name: 'a sleeper that rewrote the execution’s mark',
    files: {
      ...suite,
      'agent.sh': agent(
        `${escapeGroup('remarked', 'env SKILL_EVAL_EXECUTION_MARK=000000000000000000000000')}\necho pass`,
      ),
    },
    argv: onAgent(),
    expect: killed('remarked'),
  },
  {
    name: 'a fast fork loop (capped at 150 sleepers) in a session of its own',
    files: {
      ...suite,
      'agent.sh': agent(
        `setsid env -i sh -c 'echo $$ > "$PROJECT/marks/loop"; i=0; while [ $i -lt 150 ]; do sleep 300 & i=$((i+1)); done; wait' </dev/null >/dev/null 2>&1 &\nwhile [ ! -s "$PROJECT/marks/loop" ]; do sleep 0.01; done\nsleep 0.2\necho pass`,
      ),
    },
    argv: onAgent(),
    async expect(outcome) {
      await killed('loop')(outcome);
      expect(inSession(await pidIn(outcome, 'loop')), 'sleepers of the loop left running').toEqual([]);
    },
  },
  {
    name: 'a grading script (trusted) that starts a sleeper with an empty environment',
    files: {
      'evals/hostile.eval.yaml': `name: hostile\nprompts: ["{{ input }}"]\ntests:\n  - id: one\n    vars: {input: hi}\n    assert:\n      - type: script\n        command: ${JSON.stringify(`mkdir -p $PROJECT/marks; ${escapeGroup('grader', 'env -i')} exit 0`)}\n`,
      'agent.sh': agent('echo pass'),
    },
    argv: onAgent('--trust'),
    async expect(outcome) {
      expect(outcome.results()[0]?.status).toBe('passed');
      await killed('grader')(outcome);
    },
  },
  {
    name: 'a process that waits for the run to end, then appends to results.jsonl',
    files: {
      ...suite,
      'agent.sh': agent(
        `${escapeGroup('forger', 'env -i')}\nsetsid env -i sh -c 'while [ ! -e "$RUN/summary.json" ]; do sleep 0.02; done; sleep 0.1; echo "{\\"forged\\":true}" >> "$RUN/results.jsonl"' </dev/null >/dev/null 2>&1 &\necho pass`,
      ),
    },
    argv: onAgent(),
    async expect(outcome) {
      const before = readFileSync(`${outcome.run}/results.jsonl`, 'utf8');
      await sleep(1000);
      expect(readFileSync(`${outcome.run}/results.jsonl`, 'utf8')).toBe(before);
      expect(before).not.toContain('forged');
      expect(outcome.results()[0]?.status).toBe('passed');
      await killed('forger')(outcome);
    },
  },
];

/** Processes of an execution that also leave its environment mark behind (Linux with a writable cgroup v2). */
export const kernelEscapes: HostileCase[] = cases;
