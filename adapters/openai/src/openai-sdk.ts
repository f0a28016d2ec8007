import { SkillEvalError, type Usage } from '@skill-eval/core';
import type OpenAI from 'openai';

/** The SDK is imported on first use, so loading the plugin stays cheap. */
export async function createSdk(apiKey: string, baseURL: string | undefined): Promise<OpenAI> {
  const { default: OpenAISdk } = await import('openai');
  // No retries: a harness wants a failing endpoint to fail fast, and the case becomes `error`.
  return new OpenAISdk({ apiKey, baseURL: baseURL ?? null, maxRetries: 0 });
}

/** Version of the bundled openai SDK. */
export async function sdkVersion(): Promise<string> {
  try {
    return (await import('openai/version')).VERSION;
  } catch (error) {
    throw new SkillEvalError('ENGINE_NOT_FOUND', 'The openai package cannot be loaded.', {
      cause: error,
      hint: 'Reinstall @skill-eval/engine-openai.',
    });
  }
}

/**
 * OpenAI counts cached tokens inside the input and reasoning tokens inside the output, while core's
 * Usage (and `priceUsage`) treats the four as disjoint: so input excludes the cached part and output
 * excludes the reasoning part, and every token is priced exactly once.
 */
export function openaiUsage(input = 0, cached = 0, output = 0, reasoning = 0): Usage {
  return {
    inputTokens: Math.max(0, input - cached),
    cacheReadTokens: cached,
    cacheWriteTokens: 0,
    outputTokens: Math.max(0, output - reasoning),
    reasoningTokens: reasoning,
  };
}

/** Tool-call arguments as an object; text that is not JSON is passed on as is, for the agent loop to refuse. */
export function parseArguments(text: string): unknown {
  try {
    return text.trim() ? JSON.parse(text) : {};
  } catch {
    return text;
  }
}

/** A failed tool run is marked in its output: neither API has an error flag on tool results. */
export const toolOutput = (output: string, isError: boolean): string => (isError ? `Error: ${output}` : output);

/** An SDK failure as ENGINE_FAILED with the API's own message (status and type when the server answered). */
export function apiFailure(error: unknown, baseURL: string | undefined): SkillEvalError {
  if (error instanceof SkillEvalError) return error;
  const e = (error ?? {}) as { status?: unknown; type?: unknown; error?: { message?: unknown }; message?: unknown };
  const cause = (error as { cause?: unknown })?.cause;
  if (typeof e.status === 'number') {
    const type = typeof e.type === 'string' ? ` (${e.type})` : '';
    const detail = typeof e.error?.message === 'string' ? e.error.message : String(e.message ?? 'no message');
    return new SkillEvalError('ENGINE_FAILED', `OpenAI API error ${e.status}${type}: ${detail}`, { cause: error });
  }
  const where = baseURL ? ` at ${baseURL}` : '';
  const reason = cause instanceof Error ? `: ${cause.message}` : '';
  return new SkillEvalError(
    'ENGINE_FAILED',
    `OpenAI API request${where} failed: ${String(e.message ?? error)}${reason}`,
    {
      cause: error,
      hint: 'Check OPENAI_BASE_URL (or --ek baseUrl=…) and the network.',
    },
  );
}
