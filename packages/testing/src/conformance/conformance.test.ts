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
