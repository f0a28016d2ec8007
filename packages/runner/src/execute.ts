import { join } from 'node:path';
import {
  type Case,
  type CaseResult,
  CaseResultSchema,
  completeSession,
  type Environment,
  errorInfo,
  isSkillEvalError,
  type PlannedExecution,
  type Redactor,
  type ResolvedMcpServer,
  type Session,
  type SessionEvent,
  type SkillRef,
  TIMER_LIMIT_MS,
} from '@skill-eval/core';
import {
  caseNeedsJudge,
  checksNeedingTrust,
  gaveNoAnswer,
  gradeExecution,
  type Judge,
  noAnswerVerdict,
  skillFired,
  snapshotWorkspace,
  type TriggerDetection,
} from '@skill-eval/grading';
import { MODEL_KEY_VARIABLES } from './child-env.js';
import type { EngineTarget } from './engine-target.js';
import { watchEvents } from './event-watch.js';
import { ExecutionWorkspace } from './execution-workspace.js';
import { agentModel, caseJudge } from './pinned-models.js';
import type { PlanItem } from './plan.js';
import { resolveMcpServers } from './resolve-mcp-servers.js';
import type { ResultStore } from './result-store.js';
import { runWithBackstop } from './run-with-backstop.js';
import { stageSkills } from './stage-skills.js';
import { skillsForVariant } from './variant-skills.js';
import type { Workspace } from './workspace.js';

/** What every execution of a run shares. */
export interface ExecutionContext {
  /** Each event of each execution as the engine records it (for --verbose). */
  onEvent?: (execution: PlannedExecution, event: SessionEvent) => void;
  store: ResultStore;
  redact: Redactor;
  judge?: Judge;
  /** Source environment the child env is filtered from. */
  env: Record<string, string | undefined>;
  timeoutSeconds?: number;
  maxTurns?: number;
  /** The run's signal: aborting it interrupts this execution. */
  signal: AbortSignal;
  keepWorkspaces: boolean;
  /** The user passed --trust: checks that run code from eval files may run. */
  trust: boolean;
  /** Parent of the temp workspaces (default os.tmpdir()). */
  tempDir?: string;
  /** How long past its timeout (or an interrupt) an engine may take to return before it is abandoned. */
  graceMs: number;
  /** Version of skill-eval, recorded on every result. */
  harnessVersion?: string;
  /** How trigger cases detect firing; overrides the case's own `triggerDetection` (default any-tool). */
  triggerDetection?: TriggerDetection;
  /** Limit of each setup or teardown command of a case, in seconds (default 30). */
  setupTimeoutSeconds?: number;
  /** The older skill the `baseline` variant stages in place of the skill under test. */
  baselineSkill?: SkillRef;
  /** Where a case's executions run (a container, a remote sandbox); on the host when it gives none. */
  environment?: (testCase: Case) => Environment | undefined;
}

export const DEFAULT_TIMEOUT_SECONDS = 600;

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

/** Prepares, runs, grades and records one execution. Engine and grading failures become `error` results. */
export async function executeOne(item: PlanItem<EngineTarget>, ctx: ExecutionContext): Promise<CaseResult> {
  const { planned, target, variant } = item;
  const detection =
    item.testCase.kind === 'trigger'
      ? (ctx.triggerDetection ?? item.testCase.triggerDetection ?? 'any-tool')
      : undefined;
  // Grading reads the mode from the case, so the run's choice is written into it.
  const testCase = detection ? { ...item.testCase, triggerDetection: detection } : item.testCase;
  // The models the case pins for its agent and its judge, unless the command line chose them.
  const agent = agentModel(testCase, target);
  const grader = caseJudge(testCase, ctx.judge);
  const started = Date.now();
  const base = {
    executionId: planned.executionId,
    suiteId: planned.suiteId,
    caseId: planned.caseId,
    caseName: planned.caseName,
    kind: testCase.kind,
    ...(testCase.tags.length > 0 ? { tags: testCase.tags } : {}),
    variant,
    engine: target.id,
    engineVersion: target.version,
    enginePackageVersion: target.packageVersion,
    harnessVersion: ctx.harnessVersion,
    model: agent.model ?? target.engine.defaultModel,
    run: planned.run,
    ...(detection ? { triggerDetection: detection } : {}),
    cached: false,
    startedAt: new Date(started).toISOString(),
  };
  const life = new ExecutionWorkspace(testCase.workspace, ctx, planned.executionId);
  const finish = (fields: Partial<CaseResult>): CaseResult =>
    life.track(
      ctx.redact(
        CaseResultSchema.parse({
          status: 'error',
          score: 0,
          checks: [],
          ...base,
          ...fields,
          durationMs: Date.now() - started,
        }),
      ),
    );
  // What went oddly before the engine ran (a skill not staged, a kept workspace): the session's warnings, or the
  // result's own when the execution fails before there is a session.
  const warnings: string[] = [agent.note, grader.note].filter((note): note is string => note !== undefined);
  const fail = (code: string, message: string, fields: Partial<CaseResult> = {}) =>
    finish({
      ...(fields.session || warnings.length === 0 ? {} : { warnings: [...warnings] }),
      ...fields,
      status: 'error',
      score: 0,
      error: { code, message },
    });

  const refused = life.refusal() ?? untrustedChecks(testCase, ctx.trust);
  if (refused) return fail(refused.code, refused.message);
  let workspace: Workspace;
  try {
    workspace = await life.open();
  } catch (error) {
    return fail('WORKSPACE_FAILED', errorInfo(error).message);
  }
  try {
    let skills: SkillRef[] = [];
    if (variant !== 'without_skill') {
      try {
        const fallbackDir = join(workspace.root, 'skills');
        const toStage = skillsForVariant(testCase.skills, variant, ctx.baselineSkill);
        const staged = await stageSkills(toStage, workspace.ws, target.engine.skillRoots, fallbackDir);
        skills = staged.skills;
        life.keepSkills(staged.dirs);
        warnings.push(...staged.warnings);
      } catch (error) {
        return fail('WORKSPACE_FAILED', `Cannot stage skills: ${errorInfo(error).message}`);
      }
    }
    if (ctx.keepWorkspaces) warnings.push(`Workspace kept at ${workspace.root}`);
    const environment = ctx.environment?.(testCase);
    const hostEnv = life.childEnv(target.engine.environment);
    const unprepared = await life.prepare(
      environment && { environment, programs: target.engine.programs?.(hostEnv) ?? [], env: hostEnv },
    );
    if (unprepared) return fail(unprepared.code, unprepared.message);
    let mcpServers: ResolvedMcpServer[] | undefined;
    if (testCase.mcpServers.length > 0) {
      const names = testCase.mcpServers.map((s) => s.name).join(', ');
      if (!target.engine.capabilities?.mcp) {
        // Running without the servers would grade a different task: the case cannot run here.
        return fail(
          'BAD_INPUT',
          `The case needs MCP servers (${names}), but engine ${target.id} cannot install MCP servers; run it on an engine that can (claude-code, codex, anthropic, openai).`,
        );
      }
      try {
        mcpServers = await resolveMcpServers(testCase.mcpServers, {
          dir: join(workspace.root, 'mcp'),
          workspace: workspace.ws,
          env: ctx.env,
          trust: ctx.trust,
          modelKeys: [...MODEL_KEY_VARIABLES, ...(target.engine.environment ?? [])],
        });
      } catch (error) {
        return fail(errorInfo(error).code, `Cannot prepare MCP servers (${names}): ${errorInfo(error).message}`);
      }
    }
    // The judge is shown what the agent created or changed, not the fixtures it was handed.
    const workspaceBefore = caseNeedsJudge(testCase) ? await snapshotWorkspace(workspace.ws) : undefined;
    // A case may ask for longer than Node's timers can wait (they would fire at once): it gets the longest they can.
    const timeoutMs = Math.min(
      (ctx.timeoutSeconds ?? testCase.limits.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000,
      TIMER_LIMIT_MS - ctx.graceMs,
    );
    const watch = watchEvents(
      ctx.onEvent && ((event: SessionEvent) => ctx.onEvent?.(planned, event)),
      // The first tool call decides a first-tool trigger, so nothing after it is worth waiting for.
      detection === 'first-tool' ? (event) => event.type === 'tool-call' : undefined,
    );
    const outcome = await runWithBackstop(
      (signal) =>
        target.engine.run({
          executionId: planned.executionId,
          workspace: workspace.ws,
          home: workspace.home,
          ...(ctx.env.HOME ? { userHome: ctx.env.HOME } : {}),
          skills,
          turns: testCase.turns,
          system: testCase.system,
          model: agent.model,
          maxTurns: ctx.maxTurns ?? testCase.limits.maxTurns,
          timeoutMs,
          signal,
          // An engine that runs programs runs them inside, where the model is at the sandbox's address; one that runs
          // its agent loop here (an API engine) calls the model from here.
          env: target.engine.programs ? { ...hostEnv, ...life.sandbox?.env } : hostEnv,
          artifactsDir: life.artifactsDir,
          ...(life.sandbox ? { sandbox: life.sandbox } : {}),
          ...(mcpServers ? { mcpServers } : {}),
          ...(watch.stopWhen ? { stopWhen: watch.stopWhen } : {}),
        }),
      timeoutMs,
      ctx.graceMs,
      ctx.signal,
    );

    if (outcome.kind === 'timeout') {
      return fail(
        'TIMEOUT',
        `The engine did not return within ${timeoutMs / 1000} s (plus ${ctx.graceMs / 1000} s grace).`,
      );
    }
    if (outcome.kind === 'abandoned')
      return fail('INTERRUPTED', 'The run was interrupted; the engine did not stop in time.');
    if (outcome.kind === 'threw') {
      const info = isSkillEvalError(outcome.error)
        ? errorInfo(outcome.error)
        : { code: 'ENGINE_FAILED', message: errorInfo(outcome.error).message };
      return fail(info.code, `Engine ${target.id} failed: ${info.message}`);
    }
    await life.sync();
    const returned = completeSession(outcome.session);
    if (!returned.ok)
      return fail('ENGINE_FAILED', `Engine ${target.id} returned an invalid session: ${returned.problem}`);
    const session: Session = { ...returned.session, warnings: [...warnings, ...returned.session.warnings] };
    watch.replayUnseen(session);
    // Grading reads the raw transcript where the engine wrote it; the run records where it is kept.
    const kept = session.transcriptPath ? { transcriptPath: life.keptPath(session.transcriptPath) } : {};
    const transcriptFile = await ctx.store.writeTranscript(planned.executionId, { ...session, ...kept });
    const { events: _events, ...summary } = { ...session, ...kept };
    const skill = testCase.skills[0]?.name;
    const recorded = {
      session: summary,
      transcriptFile,
      model: session.model ?? base.model,
      engineVersion: session.engineVersion ?? base.engineVersion,
      // A run with no answer says nothing about firing: it counts against the case whichever way it should go.
      ...(detection && skill !== undefined && !gaveNoAnswer(session)
        ? { triggered: skillFired(session, skill, detection) }
        : {}),
    };
    if (ctx.signal.aborted) return fail('INTERRUPTED', 'The run was interrupted during this execution.', recorded);
    // No response fails the case, whatever its checks would say of an empty answer (a negated one, a should-not query).
    if (gaveNoAnswer(session)) {
      return finish({ ...recorded, status: 'failed', score: 0, checks: [noAnswerVerdict(session)] });
    }

    try {
      const grade = await gradeExecution({
        testCase,
        session,
        workspace: workspace.ws,
        ...(workspaceBefore ? { workspaceBefore } : {}),
        judge: grader.judge,
        signal: ctx.signal,
        run: planned.run,
        trust: ctx.trust,
        env: life.childEnv(),
      });
      return finish({
        ...recorded,
        status: grade.status,
        score: grade.score,
        checks: grade.checks,
        judge: grade.judge,
        error: grade.error,
      });
    } catch (error) {
      return fail(errorInfo(error).code, `Grading failed: ${errorInfo(error).message}`, recorded);
    }
  } catch (error) {
    // A fault of the harness (say, a transcript that cannot be written) costs this execution, not the run.
    return fail(errorInfo(error).code, `Execution failed: ${errorInfo(error).message}`);
  } finally {
    await life.close();
  }
}
