import path from 'node:path';
import { type Check, SkillEvalError } from '@skill-eval/core';

/** Resolves `relative` inside the workspace; a path escaping it is a malformed check. */
export function workspacePath(check: Check, workspace: string, relative: string): string {
  const absolute = path.resolve(workspace, relative);
  const inside = path.relative(workspace, absolute);
  if (inside.startsWith('..') || path.isAbsolute(inside)) {
    throw new SkillEvalError('BAD_INPUT', `${check.type} path "${relative}" is outside the workspace`, {
      hint: 'paths are relative to the workspace root',
    });
  }
  return absolute;
}
