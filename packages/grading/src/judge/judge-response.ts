import { lazySchema } from '@skill-eval/core';
import * as z from 'zod';

const CriterionVerdictSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    passed: z.boolean(),
    evidence: z.string(),
    reasoning: z.string().default(''),
  }),
);
export type CriterionVerdict = z.infer<typeof CriterionVerdictSchema>;

const KINDS = ['weak', 'unverifiable', 'redundant', 'missing'] as const;

/** One remark on the criteria; a kind outside the four is dropped rather than failing the remark. */
const SuggestionSchema = lazySchema(() =>
  z.object({
    id: z.number().int().optional().catch(undefined),
    kind: z.enum(KINDS).optional().catch(undefined),
    reason: z.string().trim().min(1),
  }),
);

/** The judge's critique of the criteria: optional, and never a reason to send an answer back. */
const EvalFeedbackSchema = lazySchema(() =>
  z.object({
    suggestions: z.array(z.unknown()).default([]),
    overall: z.string().optional().catch(undefined),
  }),
);

const JudgeAnswerSchema = lazySchema(() =>
  z.object({
    criteria: z.array(CriterionVerdictSchema),
    eval_feedback: EvalFeedbackSchema.optional().catch(undefined),
  }),
);

/** A remark on the criteria as the judge gave it: `id` names the criterion (as numbered in the prompt). */
export type CriterionSuggestion = z.infer<typeof SuggestionSchema>;

/** The judge's remarks on the criteria, each well-formed one kept. */
export interface AnswerFeedback {
  suggestions: CriterionSuggestion[];
  overall?: string;
}

export type ParsedJudgeAnswer =
  | { ok: true; verdicts: Map<number, CriterionVerdict>; feedback?: AnswerFeedback }
  | { ok: false; error: string };

/**
 * Validates a judge answer for criteria 1..count: JSON (bare, fenced or embedded in prose), schema, every id once.
 * An answer holding two different well-formed answers (a draft, then a correction) is rejected: which one the judge
 * meant is not known.
 */
export function parseJudgeResponse(text: string, count: number): ParsedJudgeAnswer {
  const candidates = jsonCandidates(text);
  if (candidates.length === 0) return { ok: false, error: 'the answer holds no JSON object' };
  const shaped = candidates.map((candidate) => JudgeAnswerSchema.safeParse(candidate));
  // Told apart by their verdicts: the same verdicts written twice, once with remarks on the criteria, are one answer.
  const answers = [
    ...new Map(shaped.flatMap((p) => (p.success ? [[JSON.stringify(p.data.criteria), p.data] as const] : []))).values(),
  ];
  if (answers.length > 1) {
    return {
      ok: false,
      error: `the answer holds ${answers.length} different {"criteria":[…]} objects; give exactly one, the final verdicts`,
    };
  }
  const answer = answers[0];
  if (!answer) {
    const first = shaped[0]!;
    const problem = first.success ? '' : z.prettifyError(first.error).replaceAll('\n', '; ');
    return { ok: false, error: `wrong shape: ${problem}` };
  }
  const verdicts = new Map<number, CriterionVerdict>();
  const problems: string[] = [];
  for (const v of answer.criteria) {
    if (v.id < 1 || v.id > count) problems.push(`unknown id ${v.id}`);
    else if (verdicts.has(v.id)) problems.push(`id ${v.id} appears more than once`);
    else verdicts.set(v.id, v);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((id) => !verdicts.has(id));
  if (missing.length) problems.push(`missing ids ${missing.join(', ')}`);
  if (problems.length) return { ok: false, error: problems.join('; ') };
  const feedback = feedbackOf(answer.eval_feedback, count);
  return feedback ? { ok: true, verdicts, feedback } : { ok: true, verdicts };
}

/** The well-formed remarks of a judge's `eval_feedback`; one naming a criterion id that does not exist loses the id. */
function feedbackOf(raw: z.infer<typeof EvalFeedbackSchema> | undefined, count: number): AnswerFeedback | undefined {
  if (!raw) return undefined;
  const suggestions = raw.suggestions.flatMap((item) => {
    const parsed = SuggestionSchema.safeParse(item);
    if (!parsed.success) return [];
    const { id, ...rest } = parsed.data;
    return [id !== undefined && id >= 1 && id <= count ? { id, ...rest } : rest];
  });
  const overall = raw.overall?.trim();
  if (suggestions.length === 0 && !overall) return undefined;
  return { suggestions, ...(overall ? { overall } : {}) };
}

/** Every candidate that parses as JSON, in order: the whole text, then each fenced block, then the outermost braces. */
function jsonCandidates(text: string): unknown[] {
  const candidates = [text.trim()];
  for (const m of text.matchAll(/```(?:json)?\s*\n?([\s\S]*?)```/gi)) if (m[1]) candidates.push(m[1].trim());
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  return candidates.flatMap((candidate) => {
    try {
      const value: unknown = JSON.parse(candidate);
      return value && typeof value === 'object' ? [value] : [];
    } catch {
      return [];
    }
  });
}
