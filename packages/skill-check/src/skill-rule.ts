import type { Diagnostic } from '@skill-eval/core';
import type { Position } from '@skill-eval/format-kit';
import type { SkillDocument } from './skill-document.js';

/** One check of one skill: what it finds, as diagnostics in SKILL.md (or the file at fault). */
export type SkillRule = (skill: SkillDocument) => Diagnostic[];

/** A diagnostic of a rule, in SKILL.md unless `file` says otherwise. */
export function finding(
  skill: SkillDocument,
  severity: Diagnostic['severity'],
  ruleId: `skill/${string}`,
  message: string,
  at?: Position,
  file = skill.file,
): Diagnostic {
  return { severity, ruleId, message, file, ...(at ? { line: at.line, column: at.column } : {}) };
}

/** A text's length in characters as Python's `len` counts them (code points), as both validators measure. */
export const characters = (text: string): number => [...text].length;
