import { z } from 'zod';

const CriterionVerdictSchema = z.object({
  id: z.number().int(),
  passed: z.boolean(),
  evidence: z.string(),
  reasoning: z.string().default(''),
});
export type CriterionVerdict = z.infer<typeof CriterionVerdictSchema>;

const JudgeAnswerSchema = z.object({ criteria: z.array(CriterionVerdictSchema) });

export type ParsedJudgeAnswer = { ok: true; verdicts: Map<number, CriterionVerdict> } | { ok: false; error: string };

/** Validates a judge answer for criteria 1..count: JSON (bare, fenced or embedded in prose), schema, every id once. */
export function parseJudgeResponse(text: string, count: number): ParsedJudgeAnswer {
  const json = extractJson(text);
  if (json === undefined) return { ok: false, error: 'the answer holds no JSON object' };
  const parsed = JudgeAnswerSchema.safeParse(json);
  if (!parsed.success)
    return { ok: false, error: `wrong shape: ${z.prettifyError(parsed.error).replaceAll('\n', '; ')}` };
  const verdicts = new Map<number, CriterionVerdict>();
  const problems: string[] = [];
  for (const v of parsed.data.criteria) {
    if (v.id < 1 || v.id > count) problems.push(`unknown id ${v.id}`);
    else if (verdicts.has(v.id)) problems.push(`id ${v.id} appears more than once`);
    else verdicts.set(v.id, v);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((id) => !verdicts.has(id));
  if (missing.length) problems.push(`missing ids ${missing.join(', ')}`);
  return problems.length ? { ok: false, error: problems.join('; ') } : { ok: true, verdicts };
}

/** The first candidate that parses: the whole text, then each fenced block, then the outermost braces. */
function extractJson(text: string): unknown {
  const candidates = [text.trim()];
  for (const m of text.matchAll(/```(?:json)?\s*\n?([\s\S]*?)```/gi)) if (m[1]) candidates.push(m[1].trim());
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  for (const candidate of candidates) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (value && typeof value === 'object') return value;
    } catch {
      // try the next candidate
    }
  }
  return undefined;
}
