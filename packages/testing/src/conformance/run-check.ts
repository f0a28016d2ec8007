import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Engine, Session } from '@skill-eval/core';
import { makeSandbox } from '@skill-eval/engine-kit/testing';
import {
  type FakeModelServer,
  type FakeResponse,
  type RecordedRequest,
  startFakeModelServer,
} from '@skill-eval/model-server';
import { onTestFinished } from 'vitest';
import { asSession } from './as-session.js';
import { stageSkill, writeConformanceSkill } from './conformance-skill.js';
import { markedProcesses } from './marked-processes.js';
import type { CheckName, EngineConformanceOptions, ServerConformanceOptions } from './options.js';
import { noteTimeToModel } from './time-to-model.js';

/** The environment variable carrying a unique marker into every run, so its processes can be found in /proc. */
export const MARKER_VAR = 'SKILL_EVAL_CONFORMANCE_MARKER';
export const DEFAULT_SKILL_NAME = 'conformance-greeter';

/** What one check runs. */
export interface CheckPlan {
  check: CheckName;
  /** User turns; the first one is unique to the check and selects its scripted conversation. */
  turns: string[];
  /** The scripted answers of the check's conversation (server mode). */
  responses: FakeResponse[];
  /** Repeat the last answer past the script (an engine that retries still meets the same answer). */
  repeatLast?: boolean;
  /** Stage the suite's skill before the run. */
  stage?: boolean;
  /** EngineRunInput.timeoutMs (default 30 s). */
  timeoutMs?: number;
  /** Record the pids carrying the run's marker while it runs. */
  watchProcesses?: boolean;
}

/** What a check's run produced. */
export interface CheckRun {
  engine: Engine;
  session: Session;
  /** The fake server's requests of the engine's API answered from this check's conversation; empty without a server. */
  requests: RecordedRequest[];
  /** Every request of the engine's API. */
  apiRequests: RecordedRequest[];
  server?: FakeModelServer;
  /** Wall-clock time of `engine.run`. */
  elapsedMs: number;
  /** The run's marker value (in `input.env[MARKER_VAR]`). */
  marker: string;
  /** Pids seen carrying the marker during the run. */
  seen: Set<number>;
  workspace: string;
}

export function defaultEnv(api: ServerConformanceOptions['api'], server: FakeModelServer): Record<string, string> {
  if (api === 'anthropic') return { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'sk-ant-conformance-fake-key' };
  if (api === 'gemini') return { GOOGLE_GEMINI_BASE_URL: server.url, GEMINI_API_KEY: 'conformance-fake-gemini-key' };
  return { OPENAI_BASE_URL: `${server.url}/v1`, OPENAI_API_KEY: 'sk-conformance-fake-key' };
}

/**
 * The deadline of a check's run that sets none: the engine's run deadline for each turn, since a CLI agent starts
 * anew for every turn, and its start is what a loaded machine slows (opencode: 8 s alone, three times that in CI).
 */
export const runDeadlineMs = (options: EngineConformanceOptions, turns: number) =>
  (options.runTimeoutMs ?? 30_000) * turns;

/** Runs the engine once for a check; the sandbox, the server and any leftover marked process go when the test ends. */
export async function runCheck(options: EngineConformanceOptions, plan: CheckPlan): Promise<CheckRun> {
  const sandbox = makeSandbox(`skill-eval-conformance-${plan.check}-`);
  const marker = `conformance-${randomUUID()}`;
  let server: FakeModelServer | undefined;
  onTestFinished(async () => {
    for (const pid of markedProcesses(marker)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
    await server?.close();
    sandbox.cleanup();
  });

  const serverOptions = options.api === 'none' ? undefined : options;
  if (serverOptions) {
    server = await startFakeModelServer({
      conversations: [
        {
          id: plan.check,
          match: { tools: true, ...serverOptions.requestMatch, user: plan.turns[0]! },
          responses: plan.responses,
          whenExhausted: plan.repeatLast ? 'repeat-last' : 'error',
        },
      ],
    });
  }
  const engine = await options.createEngine({ check: plan.check, dir: sandbox.root, ...(server ? { server } : {}) });
  const skill = writeConformanceSkill(join(sandbox.root, 'skill-source'), options.skillName ?? DEFAULT_SKILL_NAME);
  const skills = plan.stage
    ? [stageSkill(skill, sandbox.workspace, engine.skillRoots, join(sandbox.root, 'skills'))]
    : [];
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    ...(server && serverOptions ? (serverOptions.env ?? ((s) => defaultEnv(serverOptions.api, s)))(server) : {}),
    [MARKER_VAR]: marker,
  };
  const input = sandbox.input({
    executionId: `conformance-${plan.check}`,
    turns: plan.turns,
    skills,
    env,
    timeoutMs: plan.timeoutMs ?? runDeadlineMs(options, plan.turns.length),
  });

  const seen = new Set<number>();
  const watcher = plan.watchProcesses
    ? setInterval(() => {
        for (const pid of markedProcesses(marker)) seen.add(pid);
      }, 100)
    : undefined;
  const started = Date.now();
  const returned = await engine.run(input).finally(() => clearInterval(watcher));
  const elapsedMs = Date.now() - started;
  const session = asSession(returned, engine.id);

  const apiRequests = server && serverOptions ? server.requests.filter((r) => r.api === serverOptions.api) : [];
  const requests = apiRequests.filter((r) => r.conversation === plan.check);
  noteTimeToModel(options, started, requests);
  return {
    engine,
    session,
    requests,
    apiRequests,
    ...(server ? { server } : {}),
    elapsedMs,
    marker,
    seen,
    workspace: sandbox.workspace,
  };
}
