import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Defects, referenceEngine } from '../test-support/reference-engine.js';
import { CHECKS } from './checks.js';
import { describeEngineConformance } from './describe-engine-conformance.js';
import type { CheckName, ServerConformanceOptions } from './options.js';

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
