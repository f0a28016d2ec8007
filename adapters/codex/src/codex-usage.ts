import { emptyUsage, type Usage } from '@skill-eval/core';

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;

/**
 * Core usage from a codex `turn.completed.usage`. Codex counts the OpenAI way: `input_tokens`
 * includes the cached (and cache-write) tokens, `output_tokens` includes the reasoning tokens; core
 * keeps each part separate (priceUsage adds them up), so the parts are taken out of the totals.
 */
export function readCodexUsage(raw: unknown): Usage {
  if (typeof raw !== 'object' || raw === null) return emptyUsage();
  const u = raw as Record<string, unknown>;
  const cacheRead = count(u.cached_input_tokens);
  const cacheWrite = count(u.cache_write_input_tokens);
  const reasoning = count(u.reasoning_output_tokens);
  return {
    inputTokens: Math.max(0, count(u.input_tokens) - cacheRead - cacheWrite),
    outputTokens: Math.max(0, count(u.output_tokens) - reasoning),
    cacheReadTokens: cacheRead,
    cacheWriteTokens: cacheWrite,
    reasoningTokens: reasoning,
  };
}

const KEYS = ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens'] as const;

/**
 * Usage of one turn from the thread's running total after it and before it (`exec resume`
 * reports totals for the whole thread). If any count went down, the value cannot be a running
 * total, so it is taken as the turn's own.
 */
export function turnUsage(total: Usage, previousTotal: Usage): Usage {
  if (KEYS.some((key) => total[key] < previousTotal[key])) return total;
  const turn = emptyUsage();
  for (const key of KEYS) turn[key] = total[key] - previousTotal[key];
  return turn;
}
