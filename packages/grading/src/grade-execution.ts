import { canonicalCheck } from '@skill-eval/checks';
import type { Case, Check, JudgeFeedback, Session } from '@skill-eval/core';
import { agentvFailureVerdicts } from './agentv-failures.js';
import type { CheckContext, GradedCheck } from './checks/check-evaluator.js';
import { GROUP, groupChildren, normalizeTree, RUBRIC, rubricLeaves } from './checks/check-tree.js';
import { groupVerdict } from './checks/group-verdict.js';
import { runCheck } from './checks/run-check.js';
import { type CheckRole, erroredVerdict } from './checks/verdict.js';
import type { Grade, GradeInput } from './grade.js';
import { implicitChecks } from './implicit-checks.js';
import { JUDGE_PROMPT_VERSION } from './judge/judge-prompt.js';
import { judgeSpendTally } from './judge/judge-spend.js';
import { judgeRequest, type RubricCheck, runJudge } from './judge/run-judge.js';
import { scoreVerdicts } from './scoring.js';

/**
 * Grades one execution: gates first (a failing gate ends grading), then deterministic checks, groups and
 * fail-if conditions, with every llm-rubric criterion — nested in groups too — in one judge call. An engine
 * failure, a check that cannot be evaluated or a failed judge makes the grade `error`, never a pass or a fail — except
 * in an AgentV case, where a check whose code fails to grade scores as AgentV scores it (see finish).
 */
export async function gradeExecution(input: GradeInput): Promise<Grade> {
  const { testCase, session } = input;
  if (session.status !== 'completed') return { status: 'error', score: 0, checks: [], error: sessionError(session) };
  const context: CheckContext = {
    testCase,
    session,
    workspace: input.workspace,
    ...(input.workspaceBefore ? { workspaceBefore: input.workspaceBefore } : {}),
    signal: input.signal,
    trust: input.trust ?? false,
    env: input.env,
  };
  const tree = (check: Check) => normalizeTree(check, canonicalCheck);
  const gates = testCase.gates.map(tree);
  const scored = [...testCase.checks, ...implicitChecks(testCase)].map(tree);
  const failIf = testCase.failIf.map(tree);
  if (gates.length + scored.length + failIf.length === 0) {
    const message = `nothing to grade: case "${testCase.id}" has no checks, gates or fail-if conditions`;
    return { status: 'error', score: 0, checks: [], error: { code: 'BAD_INPUT', message } };
  }

  const gated = await Promise.all(
    gates.map((check) =>
      rubricLeaves(check).length > 0
        ? erroredVerdict(check, 'gate', rubricGate)
        : evaluate(check, 'gate', context, noRubrics),
    ),
  );
  if (gated.some((g) => !g.verdict.passed)) return finish(gated, testCase);

  const rest = gradedChecks(scored, failIf);
  const rubrics = rubricsOf(rest);
  // A judge may differ by case (agent mode: the verdicts a person's agent wrote for this case).
  const judge = input.judge?.forCase?.(testCase) ?? input.judge;
  const spent = judgeSpendTally();
  let feedback: JudgeFeedback | undefined;
  const onFeedback = (given: JudgeFeedback) => {
    feedback = given;
  };
  const judged: Promise<Map<Check, GradedCheck>> =
    rubrics.length === 0
      ? Promise.resolve(new Map())
      : (judge
          ? runJudge({ ...input, judge, rubrics, run: input.run ?? 1, onAnswer: spent.add, onFeedback })
          : Promise.resolve(rubrics.map(({ check, role }) => erroredVerdict(check, role, noJudge)))
        ).then((verdicts) => new Map(rubrics.map(({ check }, i) => [check, verdicts[i]!])));
  const graded = await Promise.all(rest.map(({ check, role }) => evaluate(check, role, context, judged)));
  const grade = finish([...gated, ...graded], testCase);
  if (!judge || rubrics.length === 0) return grade;
  const { model, usage, costUsd } = spent.spend();
  return {
    ...grade,
    judge: {
      engine: judge.engine,
      // The model that answered, when the judge says: an engine left to its default model names none beforehand.
      model: model ?? judge.model,
      promptVersion: JUDGE_PROMPT_VERSION,
      usage,
      ...(costUsd === undefined ? {} : { costUsd }),
      ...(feedback ? { feedback } : {}),
    },
  };
}

/** The scored checks and fail-if conditions, each with its role, in grading order. */
function gradedChecks(scored: readonly Check[], failIf: readonly Check[]): { check: Check; role: CheckRole }[] {
  return [
    ...scored.map((check) => ({ check, role: 'check' as const })),
    ...failIf.map((check) => ({ check, role: 'fail-if' as const })),
  ];
}

/** Every llm-rubric leaf, in groups too: leaves inside groups are graded as plain checks, the group applies its role. */
function rubricsOf(rest: readonly { check: Check; role: CheckRole }[]): RubricCheck[] {
  return rest.flatMap(({ check, role }) =>
    rubricLeaves(check).map((leaf) => ({ check: leaf, role: leaf === check ? role : ('check' as const) })),
  );
}

/**
 * The judge call grading this execution would make — system prompt and user message, criteria in the order shown —
 * or undefined when the case has no criterion for a judge. Agent mode prints it for a person's own agent to answer.
 */
export async function judgePromptOf(
  input: Pick<GradeInput, 'testCase' | 'session' | 'workspace' | 'workspaceBefore' | 'run'>,
): Promise<{ system: string; prompt: string; criteria: string[] } | undefined> {
  const tree = (check: Check) => normalizeTree(check, canonicalCheck);
  const { testCase } = input;
  const scored = [...testCase.checks, ...implicitChecks(testCase)].map(tree);
  const rubrics = rubricsOf(gradedChecks(scored, testCase.failIf.map(tree)));
  if (rubrics.length === 0) return undefined;
  return judgeRequest({ ...input, rubrics, run: input.run ?? 1 });
}

/** A check's verdict: a rubric leaf from the judge's answers, a group from its children, else the check itself. */
async function evaluate(
  check: Check,
  role: CheckRole,
  context: CheckContext,
  judged: Promise<Map<Check, GradedCheck>>,
): Promise<GradedCheck> {
  if (check.type === RUBRIC) return (await judged).get(check) ?? erroredVerdict(check, role, noJudge);
  if (check.type !== GROUP) return runCheck(check, role, context);
  const children = groupChildren(check);
  if (!children?.length) return erroredVerdict(check, role, emptyGroup);
  return groupVerdict(check, role, await Promise.all(children.map((c) => evaluate(c, 'check', context, judged))));
}

/**
 * The grade from the verdicts. A check that errored makes it `error`; in an AgentV case (`mean-score`) a check whose
 * code threw, crashed or ran out of time is scored as AgentV scores it instead, and shown errored.
 */
function finish(graded: readonly GradedCheck[], { threshold, verdictRule }: Case): Grade {
  const agentv = graded.map((g) => (verdictRule === 'mean-score' ? agentvFailureVerdicts(g) : undefined));
  const checks = graded.map((g, i) => agentv[i]?.shown ?? g.verdict);
  const scored = graded.map((g, i) => agentv[i]?.scored ?? g.verdict);
  const { status, score } = scoreVerdicts(scored, threshold, verdictRule);
  const error = graded.find((g, i) => g.error && !agentv[i])?.error;
  return status === 'error' && error ? { status, score, checks, error } : { status, score, checks };
}

function sessionError(session: Session): { code: string; message: string } {
  if (session.error) return session.error;
  const code = { timeout: 'TIMEOUT', 'max-turns': 'MAX_TURNS' }[session.status as string] ?? 'ENGINE_FAILED';
  return { code, message: `the engine run ended with status "${session.status}"` };
}

const noRubrics: Promise<Map<Check, GradedCheck>> = Promise.resolve(new Map());
const noJudge = { code: 'JUDGE_FAILED', message: 'no judge configured; pass --judge' };
const emptyGroup = {
  code: 'BAD_INPUT',
  message: 'an assert-set check needs a non-empty list of checks under "checks"',
};
const rubricGate = {
  code: 'BAD_INPUT',
  message: 'an llm-rubric check cannot be a gate (gates must be cheap); move it to the scored checks',
};
