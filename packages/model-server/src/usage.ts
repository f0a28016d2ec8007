import type { FakeResponse } from './script.js';

/** Token counts of one fake turn, before each API names them its own way. */
export interface TurnUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  reasoning: number;
}

/** Rough token count: about four characters a token, at least one. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** Scripted counts win; the rest are estimated from the request body and the reply. */
export function turnUsage(response: FakeResponse, requestText: string): TurnUsage {
  const scripted = response.usage ?? {};
  const calls = (response.toolCalls ?? []).map((call) => call.name + JSON.stringify(call.input ?? {}));
  const reply = [response.text ?? '', ...calls].join('');
  const reasoning = scripted.reasoning_tokens ?? (response.reasoning ? estimateTokens(response.reasoning) : 0);
  return {
    input: scripted.input_tokens ?? estimateTokens(requestText),
    output: scripted.output_tokens ?? estimateTokens(reply) + reasoning,
    cacheRead: scripted.cache_read_input_tokens ?? 0,
    cacheWrite: scripted.cache_creation_input_tokens ?? 0,
    reasoning,
  };
}
