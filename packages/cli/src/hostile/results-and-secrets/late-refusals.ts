import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';
import { agent, type HostileCase, type HostileOutcome, onAgent, rerun } from './hostile-run.js';

/**
 * Checks that run code from the eval file, without --trust: the case is refused before its agent runs — no agent
 * spent, no code run — and says to pass --trust.
 */
const codeCheck = (name: string, assertion: string): HostileCase => ({
  name,
  files: {
    'evals/hostile.eval.yaml': `name: hostile\nprompts: ["{{ input }}"]\ntests:\n  - id: one\n    vars: {input: hi}\n    assert:\n      - {type: contains, value: pass}\n      - ${assertion}\n`,
    'agent.sh': agent('touch "$PROJECT/marks/agent-ran"\necho pass'),
  },
  argv: onAgent(),
  expect: (outcome) => {
    expect(outcome.code).toBe(1);
    expect(outcome.marked('agent-ran')).toBe(false);
    expect(outcome.marked('check-ran')).toBe(false);
    const [result] = outcome.results();
    expect(result).toMatchObject({ status: 'error', error: { code: 'BAD_INPUT' } });
    expect(result?.error?.message).toMatch(/checks; they run code from the eval file.*only with --trust/);
    expect(result?.session).toBeUndefined();
  },
});

const MARK = 'touch $PROJECT/marks/check-ran';

const checks: HostileCase[] = [
  codeCheck('a script check', `{type: script, command: "${MARK}"}`),
  codeCheck("AgentV's code-grader", `{type: code-grader, command: "${MARK}"}`),
  codeCheck(
    'a javascript check',
    `{type: javascript, value: "require('fs').writeFileSync('$PROJECT/marks/check-ran', '')"}`,
  ),
  codeCheck('a python check', `{type: python, value: "open('$PROJECT/marks/check-ran', 'w')"}`),
  codeCheck('a webhook, which would send the answer away', '{type: webhook, value: "http://127.0.0.1:9/grade"}'),
  codeCheck('a script check inside an assert-set', `{type: assert-set, assert: [{type: script, command: "${MARK}"}]}`),
];

/**
 * Files `run` refuses before anything runs: `validate` refuses them too, from the same load, with a position where
 * the file has one — and neither hangs, nor runs an agent.
 */
const unrunnable = (name: string, files: Record<string, string>, path: string, message: RegExp): HostileCase => ({
  name,
  files: { ...files, 'agent.sh': agent('touch "$PROJECT/marks/agent-ran"\necho pass') },
  argv: ['validate', path],
  async expect(outcome: HostileOutcome) {
    expect(outcome.code).toBe(2);
    expect(outcome.stdout).toMatch(message);
    const argv = ['run', path, '-e', 'command', '--ek', `command=${join(outcome.dir, 'agent.sh')}`, '-o', outcome.run];
    const run = await rerun(outcome, argv);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(message);
    expect(run.err).toContain('No run was started');
    expect(outcome.marked('agent-ran')).toBe(false);
  },
});

const SKILL = (name: string) => `---\nname: ${name}\ndescription: Greets.\n---\nSay hi.\n`;

const files: HostileCase[] = [
  unrunnable('an empty EVAL.md', { 'skill/EVAL.md': '' }, 'skill', /skill: error: Found no eval cases/),
  unrunnable(
    'an EVAL.md case without Expect',
    { 'skill/EVAL.md': '## greets\n### Prompt\nhi\n' },
    'skill/EVAL.md',
    /EVAL\.md:1:1: error: Found no eval cases/,
  ),
  unrunnable('an empty Skillet eval', { 'skill/evals/set/a.yaml': '' }, 'skill', /skill: error: Found no eval cases/),
  unrunnable(
    'an AgentV file without tests',
    { 'suite.eval.yaml': 'hello: world\n' },
    'suite.eval.yaml',
    /suite\.eval\.yaml:1:1: error: The file has no "tests"/,
  ),
  unrunnable(
    'an eval.yaml no format recognises',
    { 'skill/eval.yaml': '- 1\n- 2\n' },
    'skill',
    /skill: error: Found no eval cases/,
  ),
  unrunnable(
    'an evals.json whose top level is a list',
    { 'skill/evals/evals.json': '[]' },
    'skill',
    /skill: error: Found no eval cases/,
  ),
  unrunnable(
    'an evals.json that is null',
    { 'evals.json': 'null' },
    'evals.json',
    /evals\.json: error: Not a recognised eval file/,
  ),
  unrunnable(
    'a SKILL.md named ../x',
    {
      'skill/SKILL.md': SKILL('../x'),
      'skill/evals/evals.json':
        '{"skill_name":"x","evals":[{"id":1,"prompt":"hi","expected_output":"hi","assertions":["greets"]}]}',
    },
    'skill',
    /SKILL\.md:2:1: error: The skill name "\.\.\/x" \(frontmatter `name`\) is not a folder name/,
  ),
  unrunnable(
    'a NUL character in a prompt',
    { 'triggers.json': '[\n  {"query": "hel\\u0000lo", "should_trigger": false}\n]' },
    'triggers.json',
    /triggers\.json:2:\d+: error: The prompt of case .* holds a NUL character/,
  ),
  unrunnable(
    'a number too large to read (1e400)',
    { 'evals.json': '{"skill_name": "x",\n "evals": [{"id": 1e400, "prompt": "hi", "expected_output": "hi"}]}' },
    'evals.json',
    /evals\.json:2:\d+: error: Invalid JSON: a number too large to read/,
  ),
  unrunnable(
    'a YAML alias bomb',
    {
      'suite.eval.yaml': `a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\ntests:\n  - {id: one, input: hi, assertions: [{type: contains, value: hi}]}\n`,
    },
    'suite.eval.yaml',
    /suite\.eval\.yaml:\d+:\d+: error: .*alias/i,
  ),
];

/** A FIFO named as an eval file: validate and run refuse it at once instead of waiting on it. */
const fifo: HostileCase = {
  name: 'a FIFO named as an eval file: validate and run refuse it at once instead of waiting on it',
  files: { 'fifo/notes.txt': 'no eval file here yet' },
  argv: ['validate', 'fifo'],
  async expect(outcome) {
    // The FIFO is made after this first validate, which finds no case in the folder.
    expect(outcome.code).toBe(2);
    execFileSync('mkfifo', [join(outcome.dir, 'fifo', 'evals.json')]);
    for (const path of ['fifo', 'fifo/evals.json']) {
      const validated = await rerun(outcome, ['validate', path]);
      expect(validated.code).toBe(2);
      expect(validated.out).toMatch(/evals\.json: (warning|error): Not a regular file \(a FIFO, socket or device\)/);
      const run = await rerun(outcome, ['run', path, '-e', 'command', '--ek', 'command=true', '-o', outcome.run]);
      expect(run.code).toBe(2);
    }
  },
};

/** Checks and files run refuses before any agent runs; validate refuses the same files. */
export const lateRefusals: HostileCase[] = [...checks, ...files, fifo];
