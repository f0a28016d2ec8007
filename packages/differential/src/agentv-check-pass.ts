import { SessionSchema } from '@skill-eval/core';
import { loadAgentv } from '@skill-eval/format-agentv';
import { gradeExecution } from '@skill-eval/grading';

/** A tool call of a scenario: its name and arguments. */
export interface ScenarioCall {
  name: string;
  args?: Record<string, unknown>;
}

/**
 * Whether skill-eval passes the first test of an AgentV eval file on a session of these tool calls, grading only its
 * checks of `checkType` (the test's criteria, which a judge would grade, are left out): the skill-eval side of a
 * differential that grades one AgentV grader by AgentV's own class and by skill-eval. A file skill-eval refuses throws.
 */
export async function skillEvalPassesAgentvCheck(
  file: string,
  text: string,
  dir: string,
  calls: readonly ScenarioCall[],
  checkType: string,
): Promise<boolean> {
  const { suites, diagnostics } = loadAgentv(file, text, { cwd: dir });
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`refused: ${errors[0]!.message}`);
  const testCase = suites[0]!.cases[0]!;
  const session = SessionSchema.parse({
    status: 'completed',
    engineId: 'differential',
    finalMessage: 'done',
    toolCalls: calls.map((c, i) => ({ id: `c${i}`, name: c.name, input: c.args ?? {} })),
  });
  const only = { ...testCase, checks: testCase.checks.filter((c) => c.type === checkType) };
  const result = await gradeExecution({ testCase: only, session, workspace: dir, trust: false, env: {} });
  return result.status === 'passed';
}
