import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REDACTED } from '@skill-eval/core';
import { expect } from 'vitest';
import { agent, agentvSuite, HAND_KEY, type HostileCase, onAgent, rerun, SECRET } from './hostile-run.js';

/**
 * Agents and eval files that try to get the key out: printed by an agent its `env` setting hands the key (answer,
 * stderr, tool calls, artifacts and their names), pasted into a prompt or a case name, handed to the agent in a
 * setting. Every case also checks (see runHostile) that the key is nowhere in what was printed — `-v` included — or
 * written.
 */
const leaking = (name: string, body: string, more: string[] = []): HostileCase => ({
  name,
  files: { 'evals/hostile.eval.yaml': agentvSuite({ one: 'one' }), 'agent.sh': agent(body) },
  argv: onAgent('-v', ...HAND_KEY, ...more),
  expect: (outcome) => {
    expect(outcome.marked('ran')).toBe(true);
    const [result] = outcome.results();
    expect(JSON.stringify(result)).toContain(REDACTED);
  },
});

/** A session_result answer holding the key in every field the engine reads. */
const SESSION_RESULT = JSON.stringify({
  exit_code: 0,
  final_message: `pass ${SECRET}`,
  tool_calls: [{ name: 'Bash', input: { command: `curl -H "x-api-key: ${SECRET}"` }, output: `echo ${SECRET}` }],
  transcript: [{ role: 'assistant', content: `thinking about ${SECRET}` }],
});

/** Drops the run's last result, as a run killed before its last execution ended would have none. */
function interrupt(run: string) {
  const file = join(run, 'results.jsonl');
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  writeFileSync(file, `${lines.slice(0, -1).join('\n')}\n`);
  return lines.length - 1;
}

const cases: HostileCase[] = [
  leaking('prints the key as its answer', 'touch "$PROJECT/marks/ran"\necho "pass $ANTHROPIC_API_KEY"'),
  leaking(
    'prints the key on stderr and fails',
    'touch "$PROJECT/marks/ran"\necho "key=$ANTHROPIC_API_KEY" >&2\necho "pass $ANTHROPIC_API_KEY"\nexit 3',
  ),
  leaking(
    'answers with a SessionResult holding the key in its answer, tool calls and transcript',
    `touch "$PROJECT/marks/ran"\nprintf '%s' '${SESSION_RESULT}' > "$SKILL_EVAL_OUTPUT_FILE"`,
    ['--ek', 'responseFormat=session_result'],
  ),
  {
    ...leaking(
      'writes the key into an artifact named after it, which report.html lists',
      'touch "$PROJECT/marks/ran"\necho "$ANTHROPIC_API_KEY" > "$(dirname "$SKILL_EVAL_OUTPUT_FILE")/leak-$ANTHROPIC_API_KEY.txt"\necho pass',
    ),
    async expect(outcome) {
      const [result] = outcome.results();
      const kept = readdirSync(join(outcome.run, 'artifacts', result!.executionId));
      expect(kept).toContain(`leak-${REDACTED}.txt`);
      expect(readFileSync(join(outcome.run, 'artifacts', result!.executionId, `leak-${REDACTED}.txt`), 'utf8')).toBe(
        `${REDACTED}\n`,
      );
      expect((await rerun(outcome, ['report', outcome.run, '--html'])).code).toBe(0);
      const html = readFileSync(join(outcome.run, 'report.html'), 'utf8');
      expect(html).toContain(`leak-${REDACTED}.txt`);
      expect(html).not.toContain(SECRET);
    },
  },
  {
    name: 'the eval file pastes the key into a prompt, a case id and a case name (-v, --skill-creator, --json)',
    files: {
      'evals/hostile.eval.yaml': `name: hostile\ntests:\n  - id: "case-${SECRET}"\n    input: "use the key ${SECRET} and say pass"\n    assertions: [{type: contains, value: pass}]\n`,
      'agent.sh': agent('touch "$PROJECT/marks/ran"\necho "pass: $p"'),
    },
    argv: onAgent('-v', '--skill-creator', '--json'),
    expect: (outcome) => {
      expect(outcome.code).toBe(0);
      const cases = JSON.parse(readFileSync(join(outcome.run, 'cases.json'), 'utf8'));
      expect(cases.cases[0].turns).toEqual([`use the key ${REDACTED} and say pass`]);
      expect(JSON.parse(outcome.stdout).caseTotals.passed).toBe(1);
      expect(outcome.stderr).toContain(`case-${REDACTED}`);
    },
  },
  {
    name: 'validate and list quote an eval file holding the key in an unknown key and a case id',
    files: {
      'evals/hostile.eval.yaml': `name: hostile\n${SECRET}: 1\ntests:\n  - id: "${SECRET}"\n    input: hi\n    assertions: [{type: contains, value: pass}]\n`,
    },
    argv: ['validate', 'evals'],
    async expect(outcome) {
      expect(outcome.stdout).toContain(`"${REDACTED}" is not an AgentV eval field`);
      const listed = await rerun(outcome, ['list', 'evals'], { ANTHROPIC_API_KEY: SECRET });
      expect(listed.out).toContain(REDACTED);
      expect(listed.out + listed.err).not.toContain(SECRET);
    },
  },
  {
    name: 'an error message quotes a path holding the key',
    files: {},
    argv: ['run', `missing-${SECRET}`, '-e', 'command', '--ek', 'command=true'],
    expect: (outcome) => {
      expect(outcome.code).toBe(2);
      expect(outcome.stderr).toContain(`missing-${REDACTED}`);
    },
  },
  {
    name: '--ek hands the agent the key literally: run.json keeps its variable, --resume the value',
    files: {
      'evals/hostile.eval.yaml': agentvSuite({ one: 'one', two: 'two' }),
      'agent.sh': agent(
        '[ "$SKILL_EVAL_MODEL" = "$ANTHROPIC_API_KEY" ] && echo pass || echo "wrong: $SKILL_EVAL_MODEL"',
      ),
    },
    argv: onAgent('--ek', `model=${SECRET}`, ...HAND_KEY),
    async expect(outcome) {
      expect(outcome.code).toBe(0);
      const manifest = JSON.parse(readFileSync(join(outcome.run, 'run.json'), 'utf8'));
      expect(manifest.invocation.options.ek).toContain(`model=${REDACTED}`);
      expect(manifest.redactions).toContainEqual({ path: ['options', 'ek', 1], variables: ['ANTHROPIC_API_KEY'] });
      expect(interrupt(outcome.run)).toBe(1);
      const resumed = await rerun(outcome, ['run', '--resume', outcome.run, '--trust'], { ANTHROPIC_API_KEY: SECRET });
      expect(resumed.code).toBe(0);
      expect(outcome.results().map((r) => r.status)).toEqual(['passed', 'passed']);
      expect(resumed.out + resumed.err).not.toContain(SECRET);
    },
  },
  {
    name: '--resume without the variable whose value run.json redacted refuses, naming it',
    files: { 'evals/hostile.eval.yaml': agentvSuite({ one: 'one', two: 'two' }), 'agent.sh': agent('echo pass') },
    argv: onAgent('--ek', `model=${SECRET}`),
    async expect(outcome) {
      interrupt(outcome.run);
      const resumed = await rerun(outcome, ['run', '--resume', outcome.run]);
      expect(resumed.code).toBe(2);
      expect(resumed.err).toContain('$ANTHROPIC_API_KEY');
      expect(resumed.err).toContain('is not set now');
      expect(outcome.results()).toHaveLength(1);
    },
  },
  {
    name: "a dummy key that is a word of the project's path: --resume still finds the project",
    files: { 'evals/hostile.eval.yaml': agentvSuite({ one: 'one', two: 'two' }), 'agent.sh': agent('echo pass') },
    // The project lies in skill-eval-hostile-XXXXXX: "hostile" stands alone in its path.
    env: { SHORT_TOKEN: 'hostile' },
    argv: onAgent(),
    async expect(outcome) {
      const manifest = JSON.parse(readFileSync(join(outcome.run, 'run.json'), 'utf8'));
      expect(manifest.invocation.cwd).toContain(REDACTED);
      interrupt(outcome.run);
      const resumed = await rerun(outcome, ['run', '--resume', outcome.run, '--trust'], { SHORT_TOKEN: 'hostile' });
      expect(resumed.code).toBe(0);
      expect(outcome.results()).toHaveLength(2);
    },
  },
];

/** Agents and eval files that leak the key. */
export const leakedSecrets: HostileCase[] = cases;
