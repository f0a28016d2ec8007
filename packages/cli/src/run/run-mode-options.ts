import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readSkillRef, SkillEvalError, type SkillRef } from '@skill-eval/core';
import type { Variant } from '@skill-eval/runner';
import { wholeNumber } from './numeric-flags.js';

/** The run flags that choose how often and in which variants each case runs. */
export interface RunModeFlags {
  runs?: string;
  retries?: string;
  benchmark?: boolean;
  baseline?: string;
}

/** What those flags mean for `runSuites`; absent fields leave each case and suite its own choice. */
export interface RunMode {
  runs?: number;
  retries?: number;
  variants?: Variant[];
  baselineSkill?: SkillRef;
  /** `--baseline git:<ref>`: the skill under test as it was at the ref, checked out once the suites are known. */
  baselineGitRef?: string;
}

/** Checks and reads --runs, --retries, --benchmark and --baseline (relative to `cwd`). */
export function parseRunMode(flags: RunModeFlags, cwd: string): RunMode {
  const mode: RunMode = {};
  const runs = wholeNumber(flags.runs, '--runs', 1, 1000);
  if (runs !== undefined) mode.runs = runs;
  // skill-up caps max_retries at 10; the flag follows it.
  const retries = wholeNumber(flags.retries, '--retries', 0, 10);
  if (retries !== undefined) mode.retries = retries;
  if (flags.baseline !== undefined) {
    // With --benchmark too, three arms: the skill, its older version, and no skill.
    mode.variants = flags.benchmark ? ['with_skill', 'baseline', 'without_skill'] : ['with_skill', 'baseline'];
    if (flags.baseline.startsWith('git:')) {
      mode.baselineGitRef = flags.baseline.slice('git:'.length);
      return mode;
    }
    const dir = resolve(cwd, flags.baseline);
    if (!existsSync(join(dir, 'SKILL.md')))
      throw new SkillEvalError('USAGE', `--baseline ${flags.baseline}: ${dir} holds no SKILL.md.`, {
        hint: 'Point --baseline at the directory of the older skill version (the one holding its SKILL.md).',
      });
    mode.baselineSkill = readSkillRef(dir);
  } else if (flags.benchmark) mode.variants = ['with_skill', 'without_skill'];
  return mode;
}
