import { at, type ReadContext } from './context.js';
import type { DocPath } from './source.js';

/**
 * Graders AgentV 5 leaves out when it loads a file (EntityProcess/agentv 58f316ca2,
 * packages/core/src/evaluation/loaders/grader-parser.ts), said where they are written; skill-eval leaves them out too.
 */

/**
 * An `llm-rubric` (or `agent-rubric`) whose only criteria is a `prompt: file://…` template: parsePromptField
 * (grader-parser.ts:1963-1973) keeps the file as `promptPath` and leaves `prompt` unset, so the grader has no value,
 * no rubric and no prompt, and AgentV 5 skips it: "Skipping llm-rubric evaluator … expected value or prompt"
 * (grader-parser.ts:1832-1836). The template is read first (a missing or invalid file still fails the test). True
 * when it is dropped; the drop is said at the grader.
 */
export function agentv5DropsTemplateOnlyRubric(
  writtenType: unknown,
  templateFile: string | undefined,
  criteria: unknown,
  path: DocPath,
  ctx: ReadContext,
): boolean {
  if (ctx.dialect !== 'agentv-5' || templateFile === undefined) return false;
  if (typeof criteria === 'string' ? criteria !== '' : Array.isArray(criteria) && criteria.length > 0) return false;
  ctx.source.sink.warning(
    'dropped-by-agentv',
    `AgentV 5 skips this '${String(writtenType)}' grader: its only criteria is the prompt file, which AgentV 5 keeps as a path and then finds no value or prompt ("expected value or prompt"), so it grades nothing; skill-eval leaves it out too. Give it a value (the criteria the template's {{ criteria }} stands for) to have it graded.`,
    at(path, 'prompt'),
  );
  return true;
}

/**
 * An `assert-set` none of whose members AgentV 5 keeps: "Skipping assert-set evaluator … no valid child assertions"
 * (grader-parser.ts:774-796). True when it is dropped; the drop is said at the set.
 */
export function agentv5DropsEmptySet(written: unknown, kept: number, path: DocPath, ctx: ReadContext): boolean {
  if (ctx.dialect !== 'agentv-5' || kept > 0 || !Array.isArray(written) || written.length === 0) return false;
  // A member that makes AgentV skip the whole test (said at the member) leaves nothing for the set to drop.
  if (ctx.skipTest?.skipped) return false;
  ctx.source.sink.warning(
    'dropped-by-agentv',
    'AgentV 5 skips this assert-set: it keeps none of its members ("no valid child assertions"), so it grades nothing; skill-eval leaves it out too and grades the test\'s other assertions.',
    at(path),
  );
  return true;
}
