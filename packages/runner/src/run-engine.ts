import {
  type Case,
  completeSession,
  errorInfo,
  isSkillEvalError,
  type NextUserTurn,
  type ResolvedMcpServer,
  type Session,
  type SessionEvent,
  type SkillRef,
  TIMER_LIMIT_MS,
  type Warning,
} from '@skill-eval/core';
import type { TriggerDetection } from '@skill-eval/grading';
import type { EngineTarget } from './engine-target.js';
import { watchEvents } from './event-watch.js';
import type { ExecutionContext } from './execution-context.js';
import type { ExecutionDeadline } from './execution-deadline.js';
import { ExecutionFailure } from './execution-failure.js';
import type { ExecutionWorkspace } from './execution-workspace.js';
import type { PlanItem } from './plan.js';
import { type Outcome, runWithBackstop } from './run-with-backstop.js';
import type { SimulatedConversation } from './simulated-conversation.js';
import type { Workspace } from './workspace.js';

/** What the engine is started with, beyond the case itself. */
export interface EngineStart {
  workspace: Workspace;
  life: ExecutionWorkspace;
  skills: SkillRef[];
  model: string | undefined;
  hostEnv: Record<string, string>;
  mcpServers: ResolvedMcpServer[] | undefined;
  detection: TriggerDetection | undefined;
  /** Warnings from before the engine ran, put ahead of the session's own. */
  warnings: readonly Warning[];
  /** A case whose user is simulated: the first message, and the conversation that supplies the next ones. */
  conversation?: { first: NextUserTurn; simulated: SimulatedConversation };
}

/**
 * Runs the engine on the case for what is left of the execution's time limit, under the run's signal, and returns the
 * session it recorded; a timeout, an interrupt, a throw or an invalid session ends the execution.
 */
export async function runEngine(
  { planned, target, testCase }: PlanItem<EngineTarget>,
  ctx: ExecutionContext,
  start: EngineStart,
): Promise<Session> {
  const { workspace, life, hostEnv, mcpServers } = start;
  // A case may ask for longer than Node's timers can wait (they would fire at once): it gets the longest they can.
  const timeoutMs = Math.min(life.deadline.remainingMs(), TIMER_LIMIT_MS - ctx.graceMs);
  const watch = watchEvents(
    ctx.onEvent && ((event: SessionEvent) => ctx.onEvent?.(planned, event)),
    stopAt(testCase, start.detection),
  );
  const outcome = await runWithBackstop(
    (signal) =>
      target.engine.run({
        executionId: planned.executionId,
        workspace: workspace.ws,
        home: workspace.home,
        ...(ctx.env.HOME ? { userHome: ctx.env.HOME } : {}),
        skills: start.skills,
        turns: start.conversation ? [start.conversation.first.text] : testCase.turns,
        ...(start.conversation ? { nextTurn: start.conversation.simulated.nextTurn } : {}),
        system: testCase.system,
        model: start.model,
        maxTurns: ctx.maxTurns ?? testCase.limits.maxTurns,
        timeoutMs,
        signal,
        // An engine that runs programs runs them inside, where the model is at the sandbox's address; one that runs
        // its agent loop here (an API engine) calls the model from here.
        env: target.engine.programs ? { ...hostEnv, ...life.sandbox?.env } : hostEnv,
        artifactsDir: life.artifactsDir,
        record: life.record,
        ...(life.sandbox ? { sandbox: life.sandbox } : {}),
        ...(mcpServers ? { mcpServers } : {}),
        ...(testCase.tools && target.engine.capabilities?.tools ? { tools: testCase.tools } : {}),
        ...(watch.stopWhen ? { stopWhen: watch.stopWhen } : {}),
      }),
    timeoutMs,
    ctx.graceMs,
    ctx.signal,
  );
  const ran = returnedSession(outcome, target, life.deadline, ctx.graceMs);
  await life.sync();
  const returned = completeSession(ran);
  if (!returned.ok)
    throw new ExecutionFailure('ENGINE_FAILED', `Engine ${target.id} returned an invalid session: ${returned.problem}`);
  const session = withConversationOutcome(
    { ...returned.session, warnings: [...start.warnings, ...returned.session.warnings] },
    start.conversation,
  );
  watch.replayUnseen(session);
  return session;
}

/**
 * The session with how its simulated user ended the conversation: its stop reason, or — when the simulator failed or
 * the conversation reached its limit while the agent's run went well — an error, as skill-up makes the case.
 */
function withConversationOutcome(session: Session, conversation: EngineStart['conversation']): Session {
  if (!conversation) return session;
  const { outcome } = conversation.simulated;
  // The engine was handed the first message as a given turn; the simulator wrote it when it was a `respond` turn.
  const firstUser = session.events.findIndex((event) => event.type === 'message' && event.role === 'user');
  const events = conversation.first.simulated
    ? session.events.map((event, i) => (i === firstUser ? { ...event, simulated: true } : event))
    : session.events;
  const stopped = outcome.stopReason !== undefined ? { simulatorStopReason: outcome.stopReason } : {};
  if (!outcome.failure || session.status !== 'completed') return { ...session, events, ...stopped };
  return {
    ...session,
    ...stopped,
    status: 'error',
    error: outcome.failure,
    events: [...events, { type: 'error', message: outcome.failure.message }],
  };
}

/**
 * When an engine may stop the agent: the first tool call decides a first-tool trigger, and the first skill consulted
 * (a Skill call or a SKILL.md read, not a mention) decides a routing case, so nothing after it is worth waiting for —
 * skill-creator's run_eval.py stops its `claude -p` there too.
 */
function stopAt(testCase: Case, detection: TriggerDetection | undefined) {
  if (detection === 'first-tool') return (event: SessionEvent) => event.type === 'tool-call';
  if (testCase.expectedSkill === undefined) return undefined;
  return (event: SessionEvent) => event.type === 'skill' && event.via !== 'mention';
}

/** The session the engine returned, or why there is none. */
function returnedSession(outcome: Outcome, target: EngineTarget, deadline: ExecutionDeadline, graceMs: number) {
  if (outcome.kind === 'timeout') {
    throw new ExecutionFailure(
      'TIMEOUT',
      `The engine did not return within ${deadline.described} (plus ${graceMs / 1000} s grace).`,
    );
  }
  if (outcome.kind === 'abandoned')
    throw new ExecutionFailure('INTERRUPTED', 'The run was interrupted; the engine did not stop in time.');
  if (outcome.kind === 'threw') {
    const info = isSkillEvalError(outcome.error)
      ? errorInfo(outcome.error)
      : { code: 'ENGINE_FAILED', message: errorInfo(outcome.error).message };
    throw new ExecutionFailure(info.code, `Engine ${target.id} failed: ${info.message}`);
  }
  return outcome.session;
}
