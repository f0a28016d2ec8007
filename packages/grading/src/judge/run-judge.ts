import {
  type Case,
  type Check,
  type CompletionMessage,
  type CompletionResponse,
  errorInfo,
  type JudgeFeedback,
  type Session,
  SkillEvalError,
} from '@skill-eval/core';
import type { GradedCheck } from '../checks/check-evaluator.js';
import { stringValue } from '../checks/check-value.js';
import { type CheckRole, erroredVerdict, failedToGradeVerdict, makeVerdict } from '../checks/verdict.js';
import type { Judge } from '../grade.js';
import { callJudge } from './call-judge.js';
import { buildJudgePrompt, buildRepairPrompt, JUDGE_SYSTEM_PROMPT } from './judge-prompt.js';
import { type AnswerFeedback, type CriterionVerdict, parseJudgeResponse } from './judge-response.js';
import { isQuoted } from './quote-check.js';
import { seededOrder } from './seeded-order.js';
import { agentWorkText, renderAgentWork, renderCaseGiven } from './transcript-view.js';
import { FILE_LIMITS, quotableFiles, renderWorkspaceFiles } from './workspace-files.js';
import type { WorkspaceSnapshot } from './workspace-snapshot.js';

/** A normalised llm-rubric check and where it sits in the case. */
export interface RubricCheck {
  check: Check;
  role: CheckRole;
}

export interface RunJudgeInput {
  judge: Judge;
  testCase: Case;
  session: Session;
  workspace: string;
  rubrics: readonly RubricCheck[];
  /** Seeds the criteria order. */
  run: number;
  signal?: AbortSignal;
  /** Per judge call. */
  timeoutMs?: number;
  /** The workspace before the run: the judge is shown only what the agent created or changed. */
  workspaceBefore?: WorkspaceSnapshot;
  /** Hears each answer the judge gave, for its tokens and cost. */
  onAnswer?: (response: CompletionResponse) => void;
  /** Hears the judge's remarks on the criteria themselves, when its usable answer made any. */
  onFeedback?: (feedback: JudgeFeedback) => void;
}

const DEFAULT_TIMEOUT_MS = 180_000;

/** What a judge call is built from: the run judged, without the judge. */
export type JudgeRequestInput = Pick<
  RunJudgeInput,
  'testCase' | 'session' | 'workspace' | 'rubrics' | 'run' | 'workspaceBefore'
>;

/**
 * The criteria a judge call asks about: verdicts already decided (an empty criterion errors at once), the rubrics
 * still to ask, and the order they are shown in — `shown[k]` is the index into `rubrics` of the criterion shown as id
 * k+1, shuffled per case and run against position bias.
 */
function criteriaOf(input: JudgeRequestInput) {
  const results: (GradedCheck | undefined)[] = input.rubrics.map(({ check, role }) => {
    try {
      return stringValue(check).trim() ? undefined : erroredVerdict(check, role, emptyCriterion);
    } catch (error) {
      return erroredVerdict(check, role, errorInfo(error));
    }
  });
  const pending = input.rubrics.flatMap((_, i) => (results[i] ? [] : [i]));
  const shown = seededOrder(pending.length, `${input.testCase.id}#${input.run}`).map((k) => pending[k]!);
  return { results, pending, shown };
}

/** The judge's user message for `checks` in the order shown, and the agent's own work its quotes must come from. */
async function buildRequest(input: JudgeRequestInput, checks: readonly Check[]) {
  const criteria = checks.map((check) => stringValue(check));
  const work = renderAgentWork(input.session);
  const files = await renderWorkspaceFiles(input.workspace, FILE_LIMITS, input.workspaceBefore);
  const prompt = buildJudgePrompt({ transcript: `${renderCaseGiven(input.testCase)}\n\n${work}`, files, criteria });
  // Quotes are checked against the agent's work and files alone, not the labels and notes the prompt wraps them in.
  const material = `${agentWorkText(input.session)}\n${quotableFiles(files)}`;
  return { criteria, prompt, material };
}

/**
 * The judge call a run makes for these rubrics, exactly as sent (system prompt and user message, criteria in the
 * shown order); undefined when no criterion is left to ask about. Agent mode prints it for a person's own agent.
 */
export async function judgeRequest(
  input: JudgeRequestInput,
): Promise<{ system: string; prompt: string; criteria: string[] } | undefined> {
  const { shown } = criteriaOf(input);
  if (shown.length === 0) return undefined;
  const { prompt, criteria } = await buildRequest(
    input,
    shown.map((i) => input.rubrics[i]!.check),
  );
  return { system: JUDGE_SYSTEM_PROMPT, prompt, criteria };
}

/**
 * Grades all llm-rubric checks of a case in one judge call (plus at most one repair call).
 * Never throws: a judge that fails or answers unusably makes every rubric verdict errored.
 */
export async function runJudge(input: RunJudgeInput): Promise<GradedCheck[]> {
  const { results, pending, shown } = criteriaOf(input);
  if (pending.length === 0) return results as GradedCheck[];
  try {
    const { verdicts, feedback } = await askJudge(
      input,
      shown.map((i) => input.rubrics[i]!.check),
    );
    if (feedback) input.onFeedback?.(namedFeedback(feedback, (id) => input.rubrics[shown[id - 1]!]!.check));
    shown.forEach((index, k) => {
      const { check, role } = input.rubrics[index]!;
      const verdict = verdicts.get(k + 1)!;
      results[index] = makeVerdict(check, role, { passed: verdict.passed, evidence: evidenceOf(verdict) });
    });
  } catch (error) {
    const info = errorInfo(error);
    const failure = info.code === 'INTERRUPTED' ? info : { code: 'JUDGE_FAILED', message: info.message };
    for (const i of pending) {
      const { check, role } = input.rubrics[i]!;
      // AgentV's implicit grader of a test's criteria fails, where a failed judge is otherwise an error (agentv-failures.ts).
      results[i] =
        check.agentv === true ? failedToGradeVerdict(check, role, failure) : erroredVerdict(check, role, failure);
    }
  }
  return results as GradedCheck[];
}

async function askJudge(
  input: RunJudgeInput,
  checks: readonly Check[],
): Promise<{ verdicts: Map<number, CriterionVerdict>; feedback?: AnswerFeedback }> {
  const { criteria, prompt, material } = await buildRequest(input, checks);
  const timeoutMs = input.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const messages = [{ role: 'user' as const, content: prompt }];
  // A verdict that grades as a pass must quote what it rests on from the agent's work — its tool calls, their
  // results, its answer, its files; not the prompts or the reference it was given. A verdict that claims a criterion
  // is met must quote something. An answer breaking either rule is sent back once.
  const usable = (text: string) => {
    const parsed = parseJudgeResponse(text, criteria.length);
    if (!parsed.ok) return parsed;
    const problems = [...parsed.verdicts.values()].flatMap((v) => {
      const negated = checks[v.id - 1]!.negate === true;
      if (v.passed && !negated && !v.evidence.trim()) return [`criterion ${v.id} is passed without a quote`];
      if (v.passed !== negated && v.evidence.trim() && !isQuoted(v.evidence, material)) {
        return [
          `the evidence of criterion ${v.id} is not a verbatim quote of the agent's work or files (${JSON.stringify(v.evidence.slice(0, 80))})`,
        ];
      }
      return [];
    });
    return problems.length === 0 ? parsed : { ok: false as const, error: problems.join('; ') };
  };
  const ask = async (request: { system: string; messages: CompletionMessage[] }) => {
    const answer = await callJudge(input.judge, request, timeoutMs, input.signal);
    input.onAnswer?.(answer);
    return answer.text;
  };
  const first = await ask({ system: JUDGE_SYSTEM_PROMPT, messages });
  const parsed = usable(first);
  if (parsed.ok) return parsed;
  const repairMessages = [
    ...messages,
    { role: 'assistant' as const, content: first },
    { role: 'user' as const, content: buildRepairPrompt(parsed.error, criteria.length) },
  ];
  const second = await ask({ system: JUDGE_SYSTEM_PROMPT, messages: repairMessages });
  const repaired = usable(second);
  if (repaired.ok) return repaired;
  throw new SkillEvalError('JUDGE_FAILED', `the judge's answer was unusable after one repair: ${repaired.error}`);
}

/** The judge's remarks with each criterion id replaced by the criterion as the eval file wrote it. */
function namedFeedback(feedback: AnswerFeedback, checkOf: (id: number) => Check): JudgeFeedback {
  const suggestions = feedback.suggestions.map(({ id, ...rest }) =>
    id === undefined ? rest : { assertion: stringValue(checkOf(id)), ...rest },
  );
  return { suggestions, ...(feedback.overall ? { overall: feedback.overall } : {}) };
}

function evidenceOf(verdict: CriterionVerdict): string {
  const quote = verdict.evidence.trim() ? verdict.evidence : '(no quote)';
  return verdict.reasoning.trim() ? `${quote}\nreasoning: ${verdict.reasoning}` : quote;
}

const emptyCriterion = { code: 'BAD_INPUT', message: 'llm-rubric criterion is empty' };
