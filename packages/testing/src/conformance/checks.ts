import { setTimeout as sleep } from 'node:timers/promises';
import { deadlineAfterStart, isGone } from '@skill-eval/engine-kit/testing';
import { expect } from 'vitest';
import { SKILL_BODY, SKILL_DESCRIPTION } from './conformance-skill.js';
import { markedProcesses } from './marked-processes.js';
import type { CheckName, EngineConformanceOptions } from './options.js';
import { type CheckRun, DEFAULT_SKILL_NAME, runCheck, runDeadlineMs } from './run-check.js';
import {
  asJsonFragment,
  bodyText,
  dialogue,
  expectCompleted,
  expectFailed,
  expectPairedToolCalls,
} from './session-expectations.js';
import { slowestTimeToModel } from './time-to-model.js';

type Check = (options: EngineConformanceOptions) => Promise<void>;

/**
 * First wall-clock limit of the timeout check: time for an agent CLI to start and send its first request, yet short,
 * since every run of the check waits it out in full. It doubles when the engine had not got that far (a loaded machine).
 */
const DEFAULT_HANG_TIMEOUT_MS = 3000;
/**
 * The most the timeout check's doubling limits may add up to: 45 s, or three turns (the first limit, twice it, four
 * times it) for an engine whose first limit is long because its every start is slow (opencode: 8 s alone, over 30 s
 * while CI runs other agents beside it).
 */
const hangBudgetMs = (options: EngineConformanceOptions) =>
  Math.max(45_000, 7 * (options.hangTimeoutMs ?? DEFAULT_HANG_TIMEOUT_MS));

/**
 * The timeout check's first limit: the engine's own, or twice the longest its runs took to reach the model in the
 * suite's earlier checks when that is more, up to a third of the budget (one doubling still fits). Each limit that runs
 * out before the engine reached the model costs a whole start: in a run of the whole test suite, where opencode's
 * other checks took 17–29 s each, its check ran out a first limit of 15 s, then 30 s, before a third start of 60 s
 * held (106 s).
 */
export const firstHangLimitMs = (options: EngineConformanceOptions) =>
  Math.min(
    hangBudgetMs(options) / 3,
    Math.max(options.hangTimeoutMs ?? DEFAULT_HANG_TIMEOUT_MS, 2 * (slowestTimeToModel(options) ?? 0)),
  );

/**
 * How long past its limit an engine may take to stop and clean up: generous for a loaded machine, yet far below
 * the forever a hung run would take.
 */
const HANG_GRACE_MS = 15_000;
/** How long the processes of a stopped run may take to be gone (it ends as soon as they are). */
const GONE_WITHIN_MS = 10_000;

const skillName = (options: EngineConformanceOptions) => options.skillName ?? DEFAULT_SKILL_NAME;
const server = (options: EngineConformanceOptions) => (options.api === 'none' ? undefined : options);

const answers: Check = async (options) => {
  const text = 'Conformance answer: the sky is blue.';
  const prompt = 'Conformance check "answers": what colour is the sky?';
  const run = await runCheck(options, { check: 'answers', turns: [prompt], responses: [{ text }] });
  expectCompleted(run.session, run.engine.id);
  expect(dialogue(run.session)[0]).toBe(`user:${prompt}`);
  expect(run.session.turns).toBeGreaterThanOrEqual(1);
  if (!server(options)) return;
  expect(run.session.finalMessage).toBe(text);
  expect(run.requests).toHaveLength(1);
  expect(bodyText(run.requests[0])).toContain(asJsonFragment(prompt));
};

const skill: Check = async (options) => {
  const name = skillName(options);
  const s = server(options);
  const run = await runCheck(options, {
    check: 'skill',
    turns: ['Conformance check "skill": give me the conformance greeting.'],
    responses: s ? [s.skillInvocation(name), { text: 'CONFORMANCE-GREETING-K2v9' }] : [],
    stage: true,
  });
  expectCompleted(run.session, run.engine.id);
  expect(run.session.skillsInvoked.map((invoked) => invoked.name)).toContain(name);
  expect(run.session.events).toContainEqual(expect.objectContaining({ type: 'skill', name }));
  if (!s) return;
  // The model was offered the skill, and after invoking it the request carried the skill's body.
  expect(run.requests).toHaveLength(2);
  expect(bodyText(run.requests[0])).toContain(name);
  expect(bodyText(run.requests[0])).toContain(asJsonFragment(SKILL_DESCRIPTION));
  expect(bodyText(run.requests[1])).toContain(asJsonFragment(SKILL_BODY));
};

const withoutSkill: Check = async (options) => {
  const name = skillName(options);
  const run = await runCheck(options, {
    check: 'without-skill',
    turns: ['Conformance check "without-skill": answer plainly.'],
    responses: [{ text: 'Plain answer.' }],
  });
  expectCompleted(run.session, run.engine.id);
  expect(run.session.skillsInvoked).toEqual([]);
  expect(run.requests.length).toBeGreaterThan(0);
  for (const request of run.apiRequests) {
    expect(bodyText(request)).not.toContain(asJsonFragment(SKILL_DESCRIPTION));
    expect(bodyText(request)).not.toContain(name);
  }
};

const toolCalls: Check = async (options) => {
  const s = server(options);
  const scripted = s?.toolCall();
  const run = await runCheck(options, {
    check: 'tool-calls',
    turns: ['Conformance check "tool-calls": use a tool, then report.'],
    responses: scripted
      ? [
          { ...scripted, usage: { input_tokens: 400, output_tokens: 40 } },
          { text: 'Tool used.', usage: { input_tokens: 500, output_tokens: 10 } },
        ]
      : [],
  });
  const { session } = run;
  expectCompleted(session, run.engine.id);
  expectPairedToolCalls(session);
  expect(session.usage.inputTokens).toBeGreaterThan(0);
  expect(session.usage.outputTokens).toBeGreaterThan(0);
  expect(session.durationMs).toBeGreaterThan(0);
  if (!s || !scripted) return;
  expect(session.finalMessage).toBe('Tool used.');
  expect(session.durationMs).toBeLessThanOrEqual(run.elapsedMs + 1000);
  const names = (scripted.toolCalls ?? []).map((call) => call.name);
  expect(session.toolCalls.map((call) => call.name).filter((n) => names.includes(n))).toEqual(names);
  // The result the session reports is the one the model was sent.
  expect(run.requests.map((r) => r.step)).toEqual([0, 1]);
  const output = session.toolCalls.find((call) => call.name === names[0])?.output?.trim() ?? '';
  expect(bodyText(run.requests[1])).toContain(asJsonFragment(output));
};

const timeout: Check = async (options) => {
  // The check is about a run hung on the model: the engine must have been waiting on it (and have started its
  // processes) when its deadline passed. A CLI that had not got that far on a loaded machine is run again with twice
  // the time.
  let run: CheckRun | undefined;
  const { timeoutMs } = await deadlineAfterStart(
    async (limit) => {
      run = await runCheck(options, {
        check: 'timeout',
        turns: ['Conformance check "timeout": this answer never comes.'],
        responses: [{ hang: true }],
        repeatLast: true,
        timeoutMs: limit,
        watchProcesses: true,
      });
    },
    () => hungOnTheModel(options, run!),
    { firstMs: firstHangLimitMs(options), maxMs: hangBudgetMs(options) },
  );
  const { session, elapsedMs, seen, marker } = run!;
  expect(session.status).toBe('timeout');
  expect(session.error?.code).toBe('TIMEOUT');
  expect(elapsedMs).toBeGreaterThanOrEqual(timeoutMs - 100);
  expect(elapsedMs).toBeLessThan(timeoutMs + HANG_GRACE_MS);
  await expect.poll(() => [...seen].every(isGone), { timeout: GONE_WITHIN_MS }).toBe(true);
  // Give a straggler that outlived the engine a moment to show up, then demand none carries the marker.
  await sleep(200);
  expect(markedProcesses(marker)).toEqual([]);
};

/** The run was waiting on the model (with a server), with a process of its own alive (for an engine that has them). */
const hungOnTheModel = (options: EngineConformanceOptions, run: CheckRun) =>
  (!server(options) || run.requests.length > 0) && (!options.spawnsProcesses || run.seen.size > 0);

/**
 * The deadline of a run whose model server fails: 60 s, or twice the engine's own run deadline for an engine whose
 * every start is slow (opencode builds its database at its first start: 8 s to reach the model alone, over 30 s under
 * CI load). The failure must end the run in three quarters of it.
 */
const failingRunDeadlineMs = (options: EngineConformanceOptions) => Math.max(60_000, 2 * (options.runTimeoutMs ?? 0));

const httpError =
  (status: 401 | 500, check: 'error-401' | 'error-500', message: string): Check =>
  async (options) => {
    const deadlineMs = failingRunDeadlineMs(options);
    const run = await runCheck(options, {
      check,
      turns: [`Conformance check "${check}": the server fails.`],
      responses: [{ error: { status, message } }],
      repeatLast: true,
      timeoutMs: deadlineMs,
    });
    // An error, not a timeout: the failure ended the run, and well before its deadline.
    expectFailed(run.session);
    expect(run.elapsedMs).toBeLessThan(deadlineMs * 0.75);
    if (server(options)) expect(run.requests.length).toBeGreaterThan(0);
  };

const MULTI_TURNS = ['Conformance check "multi-turn": first question?', 'And the second question?'];

const multiTurn: Check = async (options) => {
  const turns = MULTI_TURNS;
  const run = await runCheck(options, {
    check: 'multi-turn',
    turns,
    responses: [{ text: 'First answer.' }, { text: 'Second answer.' }],
  });
  const { session } = run;
  expectCompleted(session, run.engine.id);
  const said = dialogue(session);
  expect(said.filter((line) => line.startsWith('user:'))).toEqual(turns.map((turn) => `user:${turn}`));
  expect(said.map((line) => line.split(':')[0])).toEqual(['user', 'assistant', 'user', 'assistant']);
  expect(said.at(-1)).toBe(`assistant:${session.finalMessage}`);
  if (!server(options)) return;
  expect(said).toEqual([`user:${turns[0]}`, 'assistant:First answer.', `user:${turns[1]}`, 'assistant:Second answer.']);
  expect(run.requests.map((r) => r.step)).toEqual([0, 1]);
  const history = bodyText(run.requests[1]);
  for (const text of [turns[0]!, 'First answer.', turns[1]!]) expect(history).toContain(asJsonFragment(text));
};

/** One check of the suite. */
interface CheckEntry {
  /** Its test title. */
  title: string;
  run: Check;
  /** It is nothing but server-side assertions. */
  serverOnly?: boolean;
  /** For a check that may take longer than the suite's test timeout allows: the least that timeout must be. */
  leastTestTimeoutMs?: (options: EngineConformanceOptions) => number;
}

export const CHECKS: Record<CheckName, CheckEntry> = {
  answers: { title: 'answers a prompt', run: answers },
  skill: { title: 'invokes a staged skill when the model calls for it', run: skill },
  'without-skill': {
    title: 'does not show the model a skill when none is staged',
    run: withoutSkill,
    serverOnly: true,
  },
  'tool-calls': { title: 'pairs tool calls with their results and reports usage and duration', run: toolCalls },
  timeout: {
    title: 'times out a hung run and leaves no process behind',
    run: timeout,
    // Every turn of the doubling limits, each stop's grace, and the wait for the processes to be gone.
    leastTestTimeoutMs: (options) => hangBudgetMs(options) + 3 * HANG_GRACE_MS + GONE_WITHIN_MS,
  },
  'error-401': {
    title: 'maps a 401 from the model server to status error',
    run: httpError(401, 'error-401', 'conformance: invalid api key'),
    leastTestTimeoutMs: (options) => failingRunDeadlineMs(options) + HANG_GRACE_MS,
  },
  'error-500': {
    title: 'maps a 500 from the model server to status error',
    run: httpError(500, 'error-500', 'conformance: server exploded'),
    leastTestTimeoutMs: (options) => failingRunDeadlineMs(options) + HANG_GRACE_MS,
  },
  'multi-turn': {
    title: 'continues a multi-turn conversation',
    run: multiTurn,
    leastTestTimeoutMs: (options) => runDeadlineMs(options, MULTI_TURNS.length) + HANG_GRACE_MS,
  },
};
