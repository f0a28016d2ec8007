import { type Check, errorInfo } from '@skill-eval/core';
import type { CheckContext, GradedCheck } from './check-evaluator.js';
import { checkLabel } from './check-name.js';
import { RunawayPatternError } from './pattern-worker.js';
import { checkEvaluator } from './registry.js';
import { renderVars } from './render-vars.js';
import { checkTurn, sessionForTurn, userTurnStarts } from './turn-view.js';
import { untilStopped } from './until-stopped.js';
import { type CheckRole, erroredVerdict, failedToGradeVerdict, makeVerdict } from './verdict.js';

/**
 * Runs one normalised deterministic check. Unknown types and malformed checks give errored verdicts, and so does a
 * check still running when grading passes the execution's time limit or the run is interrupted (it is abandoned).
 */
export async function runCheck(written: Check, role: CheckRole, context: CheckContext): Promise<GradedCheck> {
  const check = renderVars(written, context.testCase);
  const evaluator = checkEvaluator(check.type);
  if (!evaluator) {
    return erroredVerdict(check, role, { code: 'BAD_INPUT', message: `unknown check type ${check.type}` });
  }
  try {
    const evaluate = await evaluator;
    const turn = checkTurn(check);
    const label = checkLabel(check, context.testCase);
    if (turn === undefined)
      return makeVerdict(check, role, await untilStopped(evaluate(check, context), context.signal, label));
    const session = sessionForTurn(context.session, turn);
    if (!session) return turnNotReached(check, role, turn, userTurnStarts(context.session).length);
    const outcome = await untilStopped(evaluate(check, { ...context, session }), context.signal, label);
    return makeVerdict(check, role, { ...outcome, evidence: `turn ${turn}: ${outcome.evidence}` });
  } catch (error) {
    // Stopped by the run (interrupted, or grading passed the execution's time limit) or by a pattern's deadline: the
    // run's doing or skill-eval's own bound, not the check failing to grade as the source tool would see it.
    if (context.signal?.aborted || error instanceof RunawayPatternError)
      return erroredVerdict(check, role, errorInfo(error));
    return failedToGradeVerdict(check, role, errorInfo(error));
  }
}

/**
 * A check of a turn the run never reached fails, negated or not, as skill-up's `lookupTurn` fails it: the turn's
 * answer cannot show what the check asks.
 */
function turnNotReached(check: Check, role: CheckRole, turn: number, turns: number): GradedCheck {
  const { negate: _negate, ...plain } = check;
  return makeVerdict(plain, role, {
    passed: false,
    evidence: `turn ${turn} does not exist: the run had ${turns} turn${turns === 1 ? '' : 's'}`,
  });
}
