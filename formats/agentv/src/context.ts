import type { SkillRef } from '@skill-eval/core';
import type { Dialect } from './dialect.js';
import type { DocPath, Source } from './source.js';

/** What every reader needs to know about the file it reads and where in it it is. */
export interface ReadContext {
  /** The file the current value comes from (the eval file or a referenced tests file). */
  source: Source;
  dialect: Dialect;
  /** Directories `file` content parts and `input_files` resolve against, nearest first. */
  fileBases: string[];
  /** Severity of a referenced file that does not exist. */
  missingFiles: 'error' | 'warning';
  /** The skill under test (nearest SKILL.md), if any. */
  skill: SkillRef | undefined;
  /** The folder references may reach into without --trust (format-kit `projectBoundary`). */
  projectRoot: string;
  /** What a grader template's `{{ expected_output }}`, `{{ input }}`, `{{ metadata }}` … stand for in this test. */
  graderVars?: Record<string, string>;
  /**
   * Set (shared by every copy of the context of one test) when AgentV skips the whole test because one of its graders
   * is invalid (grader-parser throws, the parser logs "Skipping test" and goes on): the test is left out too.
   */
  skipTest?: { skipped: boolean };
  /** How many of the test's assertions AgentV 4 skips for a parameter of the wrong type (agentv4-kept.ts). */
  dropped?: { count: number };
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A short description of a value's type for messages ("a list", "a number"). */
export function describe(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'string') return value.trim() === '' ? 'blank' : 'a string';
  return `a ${typeof value}`;
}

/** `path` + `key` helper for diagnostics. */
export const at = (path: DocPath, ...more: (string | number)[]) => ({ path: [...path, ...more] });
export const atKey = (path: DocPath, key: string) => ({ path: [...path, key], key: true });
