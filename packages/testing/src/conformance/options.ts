import type { Engine } from '@skill-eval/core';
import type { FakeApi, FakeMatch, FakeModelServer, FakeResponse } from '@skill-eval/model-server';

/** The checks of the engine conformance suite, in the order they run. */
export const CHECK_NAMES = [
  'answers',
  'skill',
  'without-skill',
  'tool-calls',
  'timeout',
  'error-401',
  'error-500',
  'multi-turn',
] as const;
/** One check of the engine conformance suite. */
export type CheckName = (typeof CHECK_NAMES)[number];

/** What `createEngine` is told about the check it builds an engine for. */
export interface ConformanceContext {
  /** The check about to run. */
  check: CheckName;
  /** This check's fake model server; absent when the engine runs without one (`api: 'none'`). */
  server?: FakeModelServer;
  /** A temp dir for this check, removed after it: room for stand-in programs. */
  dir: string;
}

interface CommonOptions {
  /** Builds the engine under test; called once per check. */
  createEngine(context: ConformanceContext): Engine | Promise<Engine>;
  /** Checks the engine cannot pass by design, each with the reason shown in the test name. */
  skipped?: Partial<Record<CheckName, string>>;
  /** The engine runs child processes: the timeout check then also demands it saw one carrying the marker. */
  spawnsProcesses?: boolean;
  /** Name of the skill the suite stages (default `conformance-greeter`). */
  skillName?: string;
  /**
   * How long the timeout check first lets a hung run go, in ms (default 3000, for an engine that starts a program),
   * or twice the longest the engine took to reach the model in the suite's earlier checks when that is more (a loaded
   * machine); doubled while the engine had not reached the model by then, for at most three turns or 45 s, whichever is
   * more. An engine that talks to the model from this process is waiting on it within milliseconds and can take 1000.
   */
  hangTimeoutMs?: number;
  /**
   * The run's own deadline (EngineRunInput.timeoutMs) in the checks that set none, in ms per turn (default 30 000; a
   * check of two turns gives its run twice it): an agent whose every start is slow (opencode builds its database in a
   * fresh HOME) needs more on a loaded machine. The checks
   * of a failing model server give their runs twice it (at least 60 s), and the failure three quarters of that.
   */
  runTimeoutMs?: number;
  /**
   * Vitest timeout of each check in ms (default 90 000: an outer bound; a check ends as soon as its run does). The
   * timeout check gets at least what its turns of doubling limits may take, the failing-server and multi-turn checks
   * their deadline.
   */
  testTimeoutMs?: number;
}

/** An engine that talks to a model API: the suite points it at the fake model server. */
export interface ServerConformanceOptions extends CommonOptions {
  /** The fake API the engine speaks; the suite's server-side assertions read the requests of this API. */
  api: FakeApi;
  /**
   * Base environment of each run, e.g. the base URL and a fake key; default by `api` (`ANTHROPIC_*`, `OPENAI_*`, or
   * `GOOGLE_GEMINI_BASE_URL` and `GEMINI_API_KEY`).
   */
  env?(server: FakeModelServer): Record<string, string>;
  /** The model's answer that makes the engine invoke the staged skill (a `Skill` call, a read of its SKILL.md). */
  skillInvocation(skillName: string): FakeResponse;
  /** The model's answer that calls one tool which produces a result. */
  toolCall(): FakeResponse;
  /** Which requests are the agent's own, so side requests (titles, summaries) do not take scripted answers; default `{ tools: true }`. */
  requestMatch?: FakeMatch;
}

/**
 * An engine that cannot be pointed at a model server (an account-bound CLI replaying recorded transcripts):
 * `createEngine` returns an engine whose stand-in produces the check's outcome. Server-side assertions do not
 * apply, and the checks that are nothing but server side are reported as not applicable.
 */
export interface StandInConformanceOptions extends CommonOptions {
  api: 'none';
}

/** How an engine takes part in the conformance suite. */
export type EngineConformanceOptions = ServerConformanceOptions | StandInConformanceOptions;
