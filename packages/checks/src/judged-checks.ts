import { type CheckSpec, defineCheck } from './check-spec.js';
import { isRecord, map, nonBlank, oneOf, passMark, wants } from './param-types.js';

/** The check type the judge grades. */
export const RUBRIC = 'llm-rubric';
/** The check type that groups checks. */
export const GROUP = 'assert-set';

const children = wants<unknown[]>('a list of checks', (v) => Array.isArray(v));

/** The judged criterion and the group: the two checks no single evaluator grades. */
export const JUDGED_CHECKS: Readonly<Record<string, CheckSpec>> = {
  [RUBRIC]: defineCheck({
    summary: 'the judge finds the criterion met, quoting its evidence from the agent’s work',
    params: {
      value: nonBlank('the criterion, in plain language'),
      threshold: passMark('a number from 0 to 1 (kept for promptfoo files; the judge gives pass or fail)'),
      verdict: oneOf(['pass-fail'], 'pass-fail'),
      operator: nonBlank("AgentV's rubric operator (contradiction)"),
      outcome: nonBlank("AgentV's criterion text"),
    },
    needs: ['value'],
    origins: ['skill-eval', 'promptfoo', 'agentv'],
  }),
  [GROUP]: defineCheck({
    summary: "a group: its children's weighted score against its threshold (without one, every child must pass)",
    params: {
      checks: children,
      assert: children,
      threshold: passMark('a number from 0 to 1: the score the children must reach (default: all must pass)'),
      aggregator: wants<Record<string, unknown>>(
        "AgentV composite's aggregator: { type: weighted_average | threshold, threshold, weights }",
        isRecord,
      ),
      scoring: oneOf(
        ['mean', 'passed-share', 'weighted-mean'],
        "mean (the children's weighted mean score, the default), passed-share (the share that passed, AgentV's threshold aggregator) or weighted-mean (AgentV's weighted average: 0 when nothing weighs, members' required ignored)",
      ),
      metadata: map('kept as written'),
    },
    needs: [['checks', 'assert']],
    origins: ['skill-eval', 'promptfoo'],
  }),
};
