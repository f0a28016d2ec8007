import { type Check, errorInfo } from '@skill-eval/core';
import type { CheckContext, GradedCheck } from './check-evaluator.js';
import { checkRegistry } from './registry.js';
import { renderVars } from './render-vars.js';
import { checkTurn, sessionForTurn } from './turn-view.js';
import { type CheckRole, erroredVerdict, makeVerdict } from './verdict.js';

/** Runs one normalised deterministic check. Unknown types and malformed checks give errored verdicts. */
export async function runCheck(written: Check, role: CheckRole, context: CheckContext): Promise<GradedCheck> {
  const check = renderVars(written, context.testCase);
  const evaluate = Object.hasOwn(checkRegistry, check.type) ? checkRegistry[check.type] : undefined;
  if (!evaluate) {
    return erroredVerdict(check, role, { code: 'BAD_INPUT', message: `unknown check type ${check.type}` });
  }
  try {
    const turn = checkTurn(check);
    if (turn === undefined) return makeVerdict(check, role, await evaluate(check, context));
    const outcome = await evaluate(check, { ...context, session: sessionForTurn(context.session, turn) });
    return makeVerdict(check, role, { ...outcome, evidence: `turn ${turn}: ${outcome.evidence}` });
  } catch (error) {
    return erroredVerdict(check, role, errorInfo(error));
  }
}
