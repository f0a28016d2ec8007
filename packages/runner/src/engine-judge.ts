import { randomBytes } from 'node:crypto';
import type { CompletionRequest, CompletionResponse, Engine } from '@skill-eval/core';
import { completeSession, SkillEvalError } from '@skill-eval/core';
import type { Judge } from '@skill-eval/grading';
import { buildChildEnv } from './child-env.js';
import { scopeCredential } from './policy/host-program-env.js';
import { prepareWorkspace } from './workspace.js';

export interface EngineJudgeOptions {
  /** Model the judge asks for, when chosen. */
  model?: string;
  /** The user chose `model`: a case's own judge model does not replace it. */
  modelChosen?: boolean;
  /** The engine's settings, which the judge carries for the result cache's key. */
  settings?: unknown;
  /** Source of the judge run's allowlisted environment (default process.env). */
  env?: Record<string, string | undefined>;
  /** Parent of the judge's temp workspace (default os.tmpdir()). */
  tempDir?: string;
  /** A judge of another provider's models, for a case that pins one (see `Judge.forProvider`). */
  forProvider?: (provider: string) => Judge | undefined;
}

const DEFAULT_TIMEOUT_MS = 180_000;

/**
 * Any engine as the judge. An engine with `complete()` answers directly; any other runs the judge prompt as an
 * agent task in an empty workspace with no skills and one turn, and its final message is the answer — so a user
 * with only an agent CLI (and no API key) can still grade rubric criteria.
 */
export function engineJudge(engine: Engine, options: EngineJudgeOptions = {}): Judge {
  const { model, env } = options;
  // The run's model choice and environment (its keys and endpoints), unless the request names its own.
  const withModel = (request: CompletionRequest): CompletionRequest => ({
    ...request,
    ...(model && !request.model ? { model } : {}),
    ...(env && !request.env ? { env } : {}),
  });
  const complete = engine.complete?.bind(engine);
  return {
    engine: engine.id,
    ...(model ? { model } : {}),
    ...(options.settings !== undefined ? { settings: options.settings } : {}),
    ...(options.modelChosen ? { modelChosen: true } : {}),
    withModel: (pinned) => engineJudge(engine, { ...options, model: pinned, modelChosen: false }),
    ...(options.forProvider ? { forProvider: options.forProvider } : {}),
    complete: complete
      ? (request) => complete(withModel(request))
      : (request) => completeByRunning(engine, withModel(request), options),
  };
}

async function completeByRunning(
  engine: Engine,
  request: CompletionRequest,
  options: EngineJudgeOptions,
): Promise<CompletionResponse> {
  const workspace = await prepareWorkspace(
    { files: [], overlays: [], inline: {}, setup: [], teardown: [], artifacts: [] },
    options.tempDir,
  );
  try {
    const returned = completeSession(
      await engine.run({
        executionId: `judge-${randomBytes(4).toString('hex')}`,
        workspace: workspace.ws,
        home: workspace.home,
        ...(options.env?.HOME ? { userHome: options.env.HOME } : {}),
        skills: [],
        turns: [asOnePrompt(request)],
        ...(request.system ? { system: request.system } : {}),
        ...(request.model ? { model: request.model } : {}),
        timeoutMs: request.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        signal: request.signal ?? new AbortController().signal,
        env: scopeCredential(buildChildEnv(options.env ?? process.env, workspace.home, engine.environment), engine),
        artifactsDir: workspace.root,
      }),
    );
    if (!returned.ok) {
      throw new SkillEvalError(
        'JUDGE_FAILED',
        `judge engine ${engine.id} returned an invalid session: ${returned.problem}`,
      );
    }
    const { session } = returned;
    if (session.status !== 'completed') {
      throw new SkillEvalError(
        'JUDGE_FAILED',
        `judge engine ${engine.id} ended with status "${session.status}"${session.error ? `: ${session.error.message}` : ''}`,
      );
    }
    return {
      text: session.finalMessage,
      model: session.model ?? request.model ?? engine.defaultModel ?? engine.id,
      usage: session.usage,
      ...(session.costUsd === undefined ? {} : { costUsd: session.costUsd }),
    };
  } finally {
    await workspace.dispose();
  }
}

/**
 * An agent run takes user turns only, so a conversation with earlier answers (the judge's repair request)
 * is folded into one message that quotes them.
 */
export function asOnePrompt(request: CompletionRequest): string {
  const { messages } = request;
  if (messages.length === 1) return messages[0]!.content;
  return messages
    .map((m) => (m.role === 'user' ? m.content : `<your_previous_answer>\n${m.content}\n</your_previous_answer>`))
    .join('\n\n');
}
