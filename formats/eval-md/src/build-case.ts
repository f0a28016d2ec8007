import { type Case, type Check, parseCase } from '@skill-eval/core';

/** What the reader found for one case, before it becomes a Case. */
export interface CaseDraft {
  name: string;
  prompt: string;
  checks: Check[];
  /** Offset of the case (its heading, or the file start for legacy layouts). */
  offset: number;
  /** Text of the case outside its sections (SkillKit ignores it). */
  notes: string | undefined;
}

/** What every case of a file shares: frontmatter, subject, source. */
export interface FileContext {
  file: string;
  dialect: string;
  system: string | undefined;
  skills: Case['skills'];
  metadata: Record<string, unknown>;
  /** Frontmatter `model` (`anthropic://claude-sonnet-4-6`): SkillKit runs and judges every case with it. */
  model: string | undefined;
  positionAt(offset: number): { line: number; column: number };
}

/** The criterion of an Expect section: SkillKit's judge answers PASS or FAIL on it. */
export const expectCheck = (text: string): Check => ({ type: 'llm-rubric', value: text, verdict: 'pass-fail' });

export function buildCase(draft: CaseDraft, ctx: FileContext): Case {
  return parseCase({
    id: draft.name,
    name: draft.name,
    kind: 'task',
    turns: [draft.prompt],
    system: ctx.system,
    checks: draft.checks,
    skills: ctx.skills,
    ...(ctx.model ? { model: ctx.model, judge: ctx.model } : {}),
    metadata: draft.notes ? { ...ctx.metadata, notes: draft.notes } : { ...ctx.metadata },
    source: { file: ctx.file, ...ctx.positionAt(draft.offset), format: 'eval-md', dialect: ctx.dialect },
  });
}
