import type { Check, Session } from '@skill-eval/core';
import type { CheckEvaluator } from './check-evaluator.js';
import { firstToolSignals, sameSkill, type TriggerDetection } from './skill-used.js';

/**
 * The skill a run was routed to among the staged `skills`, or null when none fired: the first skill the agent
 * consulted decides — its first Skill call or first read of a SKILL.md, other tool calls (exploring first) ignored —
 * as skill-creator's `run_single_query` decides a trigger (anthropics/skills@0c9d42ce,
 * skills/skill-creator/scripts/run_eval.py: it returns at the first Skill/Read tool_use naming the skill and ignores
 * TodoWrite, Glob, Bash …). A mention is no consult. Under `first-tool` only the run's first tool call may be it. A
 * fired skill outside the set keeps its own name, so the matrix shows the stray.
 */
export function routedSkill(
  session: Session,
  skills: readonly string[],
  mode: TriggerDetection = 'any-tool',
): string | null {
  const signals =
    mode === 'first-tool'
      ? firstToolSignals(session)
      : session.events.flatMap((e) => (e.type === 'skill' ? [{ name: e.name, via: e.via }] : []));
  const first = signals.find((s) => s.via === 'tool' || s.via === 'file-read');
  if (!first) return null;
  return skills.find((skill) => sameSkill(first.name, skill)) ?? first.name;
}

/**
 * The first skill the agent consulted is `value` (null: no skill fired) among the case's skills, staged together;
 * without `value`, the case's `expectedSkill`.
 */
export const skillRouted: CheckEvaluator = (check, { testCase, session }) => {
  const expected = expectedOf(check, testCase.expectedSkill);
  const mode = check.mode === 'first-tool' ? 'first-tool' : 'any-tool';
  const chosen = routedSkill(
    session,
    testCase.skills.map((s) => s.name),
    mode,
  );
  const said = (name: string | null) => (name === null ? 'no skill' : `skill "${name}"`);
  const how = mode === 'first-tool' ? 'at the first tool call' : 'first';
  return {
    passed: chosen === expected,
    evidence: `routed to ${said(chosen)} (${chosen === null ? 'none fired' : `fired ${how}`}); expected ${said(expected)}`,
  };
};

function expectedOf(check: Check, fromCase: string | null | undefined): string | null {
  if (typeof check.value === 'string') return check.value;
  return check.value === null ? null : (fromCase ?? null);
}
