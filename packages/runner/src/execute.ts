import { setMaxListeners } from 'node:events';
import { type Case, type CaseResult, errorInfo, type Warning, warning } from '@skill-eval/core';
import type { Judge } from '@skill-eval/grading';
import {
  caseNeedsJudge,
  caseNeedsWorkspaceBefore,
  checksNeedingTrust,
  snapshotWorkspace,
  type TriggerDetection,
} from '@skill-eval/grading/before-grading';
import { caseMcpServers } from './case-mcp-servers.js';
import type { EngineTarget } from './engine-target.js';
import type { ExecutionContext } from './execution-context.js';
import { executionDeadline } from './execution-deadline.js';
import { ExecutionFailure } from './execution-failure.js';
import { startResult } from './execution-result.js';
import { ExecutionWorkspace } from './execution-workspace.js';
import { finishesOutsideSlot } from './finishes-outside-slot.js';
import { gradeSession } from './grade-session.js';
import { agentModel, caseJudge } from './pinned-models.js';
import type { PlanItem } from './plan.js';
import { scopeCredential } from './policy/host-program-env.js';
import { recordSession } from './record-session.js';
import { type EngineStart, runEngine } from './run-engine.js';
import { SimulatedConversation } from './simulated-conversation.js';
import { stageVariantSkills } from './stage-variant-skills.js';
import type { Workspace } from './workspace.js';

/**
 * Checks that run code from the eval file need --trust; without it the case is an error before its agent runs (an
 * agent's run costs money, and its result could never be graded).
 */
function untrustedChecks(testCase: Case, trust: boolean): { code: string; message: string } | undefined {
  const types = trust ? [] : checksNeedingTrust(testCase);
  if (types.length === 0) return undefined;
  return {
    code: 'BAD_INPUT',
    message: `The case has ${types.join(', ')} checks; they run code from the eval file (or send the answer away), so the case runs only with --trust. Read them, then pass --trust.`,
  };
}

/**
 * A case whose user is simulated runs only on an engine that takes its turns one by one, and with a model to play the
 * user (the run's judge): never as the first turn alone.
 */
function simulatedUserRefusal(
  testCase: Case,
  target: EngineTarget,
  judge: Judge | undefined,
): { code: string; message: string } | undefined {
  if (!testCase.userSimulator) return undefined;
  const { file, line } = testCase.source;
  const at = `${file}${line ? `:${line}` : ''}`;
  if (!target.engine.capabilities?.nextTurn) {
    return {
      code: 'BAD_INPUT',
      message: `${at}: a model plays the user of this case (user_simulator), writing each next message from the agent's answers, but engine ${target.id} cannot take a conversation's turns one by one; run it on claude-code, codex, gemini-cli, opencode, qodercli, anthropic or openai.`,
    };
  }
  if (!judge) {
    return {
      code: 'BAD_INPUT',
      message: `${at}: a model plays the user of this case (user_simulator), and the run has no judge to ask; name one with --judge.`,
    };
  }
  return undefined;
}

/**
 * A case that restricts its agent's tools, on an engine that cannot: it runs with all the engine's tools (grading what
 * such an agent does), and the warning names the engine and what was not applied.
 */
export function unrestrictedTools(testCase: Case, target: EngineTarget): Warning | undefined {
  const { tools } = testCase;
  if (!tools || target.engine.capabilities?.tools) return undefined;
  const parts = [
    ...(tools.allowed ? [`gives its agent only ${tools.allowed.join(', ') || 'MCP tools'}`] : []),
    ...(tools.disallowed.length ? [`keeps ${tools.disallowed.join(', ')} from it`] : []),
  ];
  if (parts.length === 0) return undefined;
  return warning(
    'engine',
    // What happened first, then the tool list, which can be long: a line cut to length still says it.
    `Engine ${target.id} cannot restrict an agent's tools, so its agent ran with all of them, where the case ${parts.join(' and ')}. Run the case on claude-code to apply the restriction.`,
  );
}

/** The trigger detection of a trigger case: the run's choice, else the case's, else any tool. */
function detectionOf(testCase: Case, chosen: TriggerDetection | undefined): TriggerDetection | undefined {
  return testCase.kind === 'trigger' ? (chosen ?? testCase.triggerDetection ?? 'any-tool') : undefined;
}

/** The next turn of the event loop (node:timers/promises would load one more built-in at start-up). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Gives the execution's run slot back now that its engine has ended, when nothing it does from here needs one (see
 * finishes-outside-slot.ts), and lets the next execution's start, queued as the slot was given back, go before this
 * one's bookkeeping. Returns the context its checks run in: one that gave its slot back has ended as far as an
 * interrupt goes, so its checks run to their end (each within its time limit) and the result of an agent that finished
 * is kept.
 */
async function giveSlotBack(ctx: ExecutionContext, testCase: Case, sandboxed: boolean): Promise<ExecutionContext> {
  if (!ctx.slot || !finishesOutsideSlot(testCase, sandboxed) || !ctx.slot.release()) return ctx;
  await nextTurn();
  return { ...ctx, signal: NEVER_INTERRUPTED };
}

/**
 * The signal of what an interrupt no longer stops: never aborted, one for the process (an AbortSignal costs more to
 * make than the bookkeeping it would stand beside); each execution's grading deadline listens to it until it ends.
 */
const NEVER_INTERRUPTED = new AbortController().signal;
setMaxListeners(0, NEVER_INTERRUPTED);

/**
 * The conversation of a case whose user a model plays (skill-up's `user_simulator`), from its first message; the
 * error that ends the execution when the model wrote none.
 */
async function simulatedUser(
  testCase: Case,
  judge: Judge,
  signal: AbortSignal,
): Promise<{ conversation: EngineStart['conversation'] } | { code: string; message: string } | undefined> {
  if (!testCase.userSimulator) return undefined;
  const simulated = new SimulatedConversation({ ...testCase, userSimulator: testCase.userSimulator }, judge, signal);
  const first = await simulated.first();
  if (first) return { conversation: { first, simulated } };
  const failure = simulated.outcome.failure;
  return {
    code: failure?.code ?? 'JUDGE_FAILED',
    message: failure?.message ?? 'The simulated user wrote no first message.',
  };
}

/**
 * Prepares, runs, grades and records one execution, all within its time limit (-t), which opens here. Engine and
 * grading failures become `error` results.
 */
export async function executeOne(item: PlanItem<EngineTarget>, ctx: ExecutionContext): Promise<CaseResult> {
  const deadline = executionDeadline(ctx.timeoutSeconds, item.testCase);
  const { planned, target } = item;
  const detection = detectionOf(item.testCase, ctx.triggerDetection);
  // Grading reads the mode from the case, so the run's choice is written into it.
  const testCase = detection ? { ...item.testCase, triggerDetection: detection } : item.testCase;
  const execution = { ...item, testCase };
  // The models the case pins for its agent and its judge, unless the command line chose them.
  const agent = agentModel(testCase, target);
  const grader = caseJudge(testCase, ctx.judge);
  // The simulated user is played by the judge, asking the model the file pins for it as a case's judge model is asked.
  const player = testCase.userSimulator
    ? caseJudge({ ...testCase, judge: testCase.userSimulator.model }, ctx.judge, "the simulated user's model")
    : undefined;
  const life = new ExecutionWorkspace(testCase.workspace, ctx, planned.executionId, deadline);
  const result = startResult(execution, ctx, life, {
    model: agent.model,
    detection,
    notes: [agent.note, grader.note, player?.note],
  });

  const refused =
    life.refusal() ?? untrustedChecks(testCase, ctx.trust) ?? simulatedUserRefusal(testCase, target, player?.judge);
  if (refused) return result.fail(refused.code, refused.message);
  let workspace: Workspace;
  try {
    workspace = await life.open();
  } catch (error) {
    return result.fail('WORKSPACE_FAILED', errorInfo(error).message);
  }
  try {
    const skills = await stageVariantSkills(
      execution,
      ctx.baselineSkill,
      ctx.evalMaterial,
      workspace,
      life,
      result.warnings,
    );
    const unrestricted = unrestrictedTools(testCase, target);
    if (unrestricted) result.warnings.push(unrestricted);
    if (ctx.keepWorkspaces) result.warnings.push(warning('workspace', `Workspace kept at ${workspace.root}`));
    const environment = ctx.environment?.(testCase);
    const hostEnv = scopeCredential(life.childEnv(target.engine.environment), target.engine);
    const unprepared = await life.prepare(
      environment && { environment, programs: target.engine.programs?.(hostEnv) ?? [], env: hostEnv },
    );
    if (unprepared) return result.fail(unprepared.code, unprepared.message);
    const mcpServers = await caseMcpServers(testCase, target, workspace, ctx);
    // The judge is shown what the agent created or changed, not the fixtures it was handed; a regex over the created
    // files reads the same difference.
    // Read file by file only for a judge, which is told what changed; a regex over the created files needs the paths.
    const workspaceBefore = caseNeedsWorkspaceBefore(testCase)
      ? await snapshotWorkspace(workspace.ws, { contents: caseNeedsJudge(testCase) })
      : undefined;
    const simulated = player?.judge ? await simulatedUser(testCase, player.judge, ctx.signal) : undefined;
    if (simulated && 'code' in simulated) return result.fail(simulated.code, simulated.message);
    const conversation = simulated?.conversation;
    const start = { workspace, life, skills, model: agent.model, hostEnv, mcpServers, detection, conversation };
    const session = await runEngine(execution, ctx, { ...start, warnings: result.warnings });
    // An interrupt that came while the agent ran cut it short; one during the bookkeeping below changes nothing of it.
    const interrupted = ctx.signal.aborted;
    const grading = await giveSlotBack(ctx, testCase, environment !== undefined);
    const recorded = await recordSession(session, planned.executionId, testCase, detection, {
      store: ctx.store,
      life,
      base: result.base,
    });
    if (interrupted) return result.fail('INTERRUPTED', 'The run was interrupted during this execution.', recorded);
    const deps = { run: planned.run, workspace, workspaceBefore, judge: grader.judge, life };
    return result.finish(await gradeSession(testCase, session, recorded, grading, deps));
  } catch (error) {
    if (error instanceof ExecutionFailure) return result.fail(error.code, error.message, error.fields);
    // A fault of the harness (say, a transcript that cannot be written) costs this execution, not the run.
    return result.fail(errorInfo(error).code, `Execution failed: ${errorInfo(error).message}`);
  } finally {
    await life.close();
  }
}
