import { expect } from 'vitest';
import { agent, type HostileCase, onAgent } from './hostile-run.js';

/** An AgentV suite of one test whose only check a silent agent would pass. */
const lenient = `name: hostile\ntests:\n  - id: quiet\n    input: "do not mention passwords"\n    assertions: [{type: not-contains, value: password}]\n`;

/** A trigger set with a skill beside it: the should-not query passes if the skill does not fire. */
const triggers = (shouldTrigger: boolean) => ({
  'evals/pdf/SKILL.md': '---\nname: pdf\ndescription: Reads PDF files.\n---\nUse pdftotext.\n',
  'evals/pdf/triggers.json': JSON.stringify([{ query: 'what is the weather like?', should_trigger: shouldTrigger }]),
});

/**
 * Agents that answer nothing — exit 0 and print nothing, or only whitespace, or an empty SessionResult — on cases a
 * silent agent would pass by default: a negated check, a should-not-trigger query. No response fails the case.
 */
const silent = (name: string, body: string, files: Record<string, string>, more: string[] = []): HostileCase => ({
  name,
  files: { ...files, 'agent.sh': agent(`touch "$PROJECT/marks/ran"\n${body}`) },
  argv: onAgent(...more),
  expect: (outcome) => {
    expect(outcome.marked('ran')).toBe(true);
    expect(outcome.code).toBe(1);
    const results = outcome.results();
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) {
      expect(result.status).toBe('failed');
      expect(result.checks[0]).toMatchObject({ type: 'answer', passed: false });
      expect(result.checks[0]?.evidence).toMatch(/the agent gave no answer: it ended \(exit code 0\)/);
    }
    expect(outcome.summary().caseTotals.passed).toBe(0);
    expect(outcome.stdout).toContain('gave no answer');
  },
});

const cases: HostileCase[] = [
  silent('exits 0 and prints nothing, on a negated check', 'exit 0', { 'evals/hostile.eval.yaml': lenient }),
  silent('prints only blank lines and spaces', "printf '\\n   \\n\\t\\n'", { 'evals/hostile.eval.yaml': lenient }),
  silent('prints nothing on a should-not-trigger query', 'exit 0', triggers(false), ['--runs', '2']),
  silent('prints nothing on a should-trigger query', 'exit 0', triggers(true), ['--runs', '2']),
  silent(
    'answers an empty SessionResult',
    `printf '{"exit_code":0,"final_message":""}' > "$SKILL_EVAL_OUTPUT_FILE"`,
    { 'evals/hostile.eval.yaml': lenient },
    ['--ek', 'responseFormat=session_result'],
  ),
  silent(
    'answers a SessionResult whose message is whitespace, with tool calls but no word',
    `printf '{"exit_code":0,"final_message":"  ","tool_calls":[{"name":"Read","input":{"file_path":"x"}}]}' > "$SKILL_EVAL_OUTPUT_FILE"`,
    { 'evals/hostile.eval.yaml': lenient },
    ['--ek', 'responseFormat=session_result'],
  ),
];

/** Agents that answer nothing. */
export const silentAgents: HostileCase[] = cases;
