import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { type Defects, referenceEngine } from '../test-support/reference-engine.js';
import { CHECKS, firstHangLimitMs } from './checks.js';
import { describeEngineConformance } from './describe-engine-conformance.js';
import type { CheckName, ServerConformanceOptions } from './options.js';
import { noteTimeToModel } from './time-to-model.js';

const options = (defects: (dir: string) => Defects = () => ({})): ServerConformanceOptions => ({
  api: 'anthropic',
  createEngine: ({ dir }) => referenceEngine(defects(dir)),
  hangTimeoutMs: 1000,
  skillInvocation: (skill) => ({ toolCalls: [{ name: 'Skill', input: { skill } }] }),
  toolCall: () => ({ toolCalls: [{ name: 'Write', input: { file_path: 'out.txt', content: 'x' } }] }),
});

// A conforming engine passes every check.
describeEngineConformance('reference', options());

// A CLI agent starts anew for every turn, and a loaded machine slows each start: a slow one ran out of its deadline in
// the multi-turn check when that deadline was the same as a single turn's.
it("gives a check's run the engine's run deadline once per turn, and its test the time to wait it out", async () => {
  const deadlines: number[] = [];
  const slowStarts: ServerConformanceOptions = {
    ...options(),
    runTimeoutMs: 40_000,
    createEngine: () => {
      const engine = referenceEngine();
      return {
        ...engine,
        run: (input) => {
          deadlines.push(input.timeoutMs);
          return engine.run(input);
        },
      };
    },
  };
  await CHECKS['multi-turn'].run(slowStarts);
  await CHECKS.answers.run(slowStarts);
  expect(deadlines).toEqual([80_000, 40_000]);
  expect(CHECKS['multi-turn'].leastTestTimeoutMs?.(slowStarts)).toBeGreaterThan(80_000);
});

// Each limit of the timeout check that runs out before the engine reached the model costs a whole start of the agent:
// on a loaded machine, the check starts from what the engine's earlier checks took to reach the model.
it("starts the timeout check's limit at twice the longest the engine took to reach the model, within the budget", async () => {
  const quick: ServerConformanceOptions = { ...options(), hangTimeoutMs: 2000 };
  expect(firstHangLimitMs(quick)).toBe(2000);
  // The reference engine reaches the model within milliseconds: its own limit stays.
  await CHECKS.answers.run(quick);
  expect(firstHangLimitMs(quick)).toBe(2000);
  // One whose start takes 1.5 s gets twice what its check measured, and its timeout check runs with that limit.
  const deadlines: number[] = [];
  const slow: ServerConformanceOptions = {
    ...quick,
    createEngine: () => {
      const engine = referenceEngine();
      return {
        ...engine,
        run: async (input) => {
          deadlines.push(input.timeoutMs);
          await sleep(1500);
          return engine.run(input);
        },
      };
    },
  };
  await CHECKS.answers.run(slow);
  const limit = firstHangLimitMs(slow);
  expect(limit).toBeGreaterThanOrEqual(3000);
  expect(limit).toBeLessThan(5000);
  await CHECKS.timeout.run(slow);
  expect(deadlines.slice(1)).toEqual([limit]);
  noteTimeToModel(slow, 10_000, [{ at: 14_000 }, { at: 30_000 }]);
  expect(firstHangLimitMs(slow)).toBe(8000);
  noteTimeToModel(slow, 10_000, [{ at: 12_000 }]);
  expect(firstHangLimitMs(slow)).toBe(8000);
  noteTimeToModel(slow, 0, []);
  expect(firstHangLimitMs(slow)).toBe(8000);
  // At most a third of the 45 s the limits may add up to: the limit after it still fits.
  noteTimeToModel(slow, 0, [{ at: 60_000 }]);
  expect(firstHangLimitMs(slow)).toBe(15_000);
  // Another suite's options start afresh.
  expect(firstHangLimitMs(options())).toBe(1000);
}, 60_000);

describe('the conformance suite fails an engine that', () => {
  const cases: [string, CheckName, (dir: string) => Defects][] = [
    ['drops tool results', 'tool-calls', () => ({ dropToolResults: true })],
    // The suite writes its skill to <dir>/skill-source; listing that dir is listing an unstaged skill.
    ['lists a skill nobody staged', 'without-skill', (dir) => ({ alwaysListFrom: join(dir, 'skill-source') })],
    ['forgets the first turn', 'multi-turn', () => ({ forgetHistory: true })],
    ['calls a 401 a completed run', 'error-401', () => ({ errorsAsCompleted: true })],
    ['calls a 500 a completed run', 'error-500', () => ({ errorsAsCompleted: true })],
    ['leaves a process running after a timeout', 'timeout', () => ({ leaveChild: true })],
  ];
  it.each(cases)(
    '%s (check %s)',
    async (_, check, defects) => {
      await expect(CHECKS[check].run(options(defects))).rejects.toThrow();
    },
    60_000,
  );
});
