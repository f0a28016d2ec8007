import { expect } from 'vitest';
import { agent, type HostileCase, type HostileOutcome, onAgent } from './hostile-run.js';

/**
 * Patterns from eval files that backtrack without end on the agent's answer — in a regex check (plain, with flags the
 * linear engine cannot run, negated, required), and in a JSON Schema's `pattern` and `patternProperties`. Each runs
 * with `-t 3`: the run ends well within the bound, and the check is an error naming the check, file and line —
 * never a hang, never a pass.
 */
const RUNAWAY = `${'a'.repeat(44)}!`;
/** The bound every case must end within: -t 3, grace, and the start-up and teardown of a run on a loaded machine. */
const BOUND_MS = 45_000;

/** An AgentV suite of one test (line 3 of the file) whose assertions are `assertions`, as flow YAML. */
const suite = (assertions: string) =>
  `name: hostile\ntests:\n  - id: runaway\n    input: answer\n    assertions: [${assertions}]\n`;

const runaway = (name: string, assertions: string, answer: string, erroredCheck: RegExp): HostileCase => {
  let started = 0;
  return {
    name,
    files: { 'evals/hostile.eval.yaml': suite(assertions), 'agent.sh': agent(`printf '%s' '${answer}'`) },
    argv: onAgent('-t', '3'),
    during: async () => {
      started = Date.now();
    },
    expect(outcome: HostileOutcome) {
      expect(Date.now() - started, 'the run ended within the bound').toBeLessThan(BOUND_MS);
      expect(outcome.code).toBe(1);
      const [result] = outcome.results();
      expect(result?.status).toBe('error');
      const errored = result?.checks.filter((c) => c.errored) ?? [];
      expect(errored.length, 'an errored check').toBeGreaterThan(0);
      expect(errored[0]!.evidence).toMatch(erroredCheck);
      expect(errored[0]!.evidence).toContain('evals/hostile.eval.yaml:3');
      expect(errored[0]!.evidence).toMatch(/was stopped/);
    },
  };
};

export const runawayPatterns: HostileCase[] = [
  runaway(
    'a regex with a backreference',
    `{type: regex, value: '^(a+)+\\1$'}`,
    RUNAWAY,
    /^check "regex: \^\(a\+\)\+\\1\$" of case "runaway"/,
  ),
  runaway(
    'a case-insensitive regex (flags the linear engine cannot run)',
    `{type: regex, value: '^(a|aa)+$', flags: i}`,
    RUNAWAY,
    /^check "regex: \^\(a\|aa\)\+\$" of case "runaway"/,
  ),
  runaway(
    'a negated regex with a lookahead (a negation must not turn the hang into a pass)',
    `{type: not-regex, value: '^(?=a)(a+)+$'}`,
    RUNAWAY,
    /^check "not-regex: .*" of case "runaway"/,
  ),
  runaway(
    'a regex with a lookbehind, weighted and required',
    `{type: regex, value: '^(a+)+(?<!b)$', weight: 3, required: true}`,
    RUNAWAY,
    /^check "regex: \^\(a\+\)\+\(\?<!b\)\$" of case "runaway"/,
  ),
  runaway(
    'an is-json schema pattern (Ajv)',
    `{type: is-json, value: {type: object, properties: {id: {type: string, pattern: '^(a+)+$'}}}}`,
    `{"id": "${RUNAWAY}"}`,
    /^check "is-json: .*" of case "runaway"/,
  ),
  runaway(
    'a contains-json schema patternProperties key',
    `{type: contains-json, value: {type: object, patternProperties: {'^(a|a)*$': {type: number}}}}`,
    `Here: {"${RUNAWAY}": "x"}`,
    /^check "contains-json: .*" of case "runaway"/,
  ),
];
