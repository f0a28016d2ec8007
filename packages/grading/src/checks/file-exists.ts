import { stat } from 'node:fs/promises';
import path from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import type { CheckEvaluator } from './check-evaluator.js';
import { stringListValue } from './check-value.js';

/** Every path in `value` (relative to the workspace) exists after the run. */
export const fileExists: CheckEvaluator = async (check, { workspace }) => {
  const found: string[] = [];
  const missing: string[] = [];
  for (const relative of stringListValue(check)) {
    const absolute = path.resolve(workspace, relative);
    const inside = path.relative(workspace, absolute);
    if (inside.startsWith('..') || path.isAbsolute(inside)) {
      throw new SkillEvalError('BAD_INPUT', `file-exists path "${relative}" is outside the workspace`, {
        hint: 'paths are relative to the workspace root',
      });
    }
    const info = await stat(absolute).catch(() => undefined);
    if (info) found.push(`${relative} (${info.isDirectory() ? 'directory' : `${info.size} bytes`})`);
    else missing.push(relative);
  }
  const evidence = [
    found.length ? `exists: ${found.join(', ')}` : '',
    missing.length ? `missing: ${missing.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return { passed: missing.length === 0, evidence };
};
