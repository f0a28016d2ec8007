import { SkillEvalError } from '@skill-eval/core';
import { truncate } from '../judge/bounded-text.js';
import { assertionContext } from './assertion-context.js';
import type { CheckEvaluator } from './check-evaluator.js';
import { timeoutMs } from './check-limits.js';
import { stringValue } from './check-value.js';
import { EVIDENCE_CHARS } from './grading-program.js';
import { requireTrust } from './require-trust.js';
import { thrownMessage } from './thrown-message.js';

const DEFAULT_TIMEOUT_SECONDS = 30;

/**
 * promptfoo's `webhook` assertion (src/assertions/webhook.ts): POSTs `{output, context: {prompt,
 * vars}}` as JSON to the URL in `value`; the answer `{pass, score?, reason?}` decides, `score`
 * defaulting to 1 or 0. Needs --trust because it sends the agent's output away.
 */
export const webhook: CheckEvaluator = async (check, context) => {
  requireTrust('webhook', context);
  const url = webhookUrl(stringValue(check));
  const limit = timeoutMs(check, DEFAULT_TIMEOUT_SECONDS);
  const { prompt, vars } = assertionContext(check, context);
  const signals = [AbortSignal.timeout(limit), ...(context.signal ? [context.signal] : [])];
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ output: context.session.finalMessage, context: { prompt, vars } }),
      signal: AbortSignal.any(signals),
    });
    text = await response.text();
  } catch (error) {
    if (context.signal?.aborted)
      throw new SkillEvalError('INTERRUPTED', 'webhook check was stopped: the run was interrupted');
    if ((error as { name?: unknown } | null)?.name === 'TimeoutError') {
      throw new SkillEvalError('TIMEOUT', `webhook ${url} did not answer within ${limit / 1000} s`);
    }
    throw new SkillEvalError('JUDGE_FAILED', `webhook ${url} could not be reached: ${thrownMessage(error)}`);
  }
  if (!response.ok) {
    throw new SkillEvalError('JUDGE_FAILED', `webhook ${url} answered HTTP ${response.status}: ${truncate(text, 500)}`);
  }
  const answer = webhookAnswer(text);
  if (!answer) {
    throw new SkillEvalError(
      'JUDGE_FAILED',
      `webhook ${url} answered ${truncate(JSON.stringify(text), 500)}, not JSON {pass: boolean, score?: number, reason?: string}`,
    );
  }
  const score = answer.score ?? (answer.pass ? 1 : 0);
  const reason = answer.reason?.trim() || `webhook answered pass: ${answer.pass}, score: ${score}`;
  return { passed: answer.pass, score, evidence: truncate(reason, EVIDENCE_CHARS) };
};

function webhookUrl(value: string): string {
  try {
    const url = new URL(value.trim());
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // reported below
  }
  throw new SkillEvalError('BAD_INPUT', `webhook check needs an http(s) URL in value, got ${JSON.stringify(value)}`, {
    hint: 'write it as { type: webhook, value: "https://example.com/grade" }',
  });
}

function webhookAnswer(text: string): { pass: boolean; score?: number; reason?: string } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { pass, score, reason } = parsed as Record<string, unknown>;
  if (typeof pass !== 'boolean') return undefined;
  if (score !== undefined && (typeof score !== 'number' || !Number.isFinite(score))) return undefined;
  return { pass, ...(score !== undefined ? { score } : {}), ...(typeof reason === 'string' ? { reason } : {}) };
}
