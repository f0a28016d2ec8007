import { type ErrorCode, lazySchema, type SessionStatus } from '@skill-eval/core';
import * as z from 'zod';

// Built at the first result a program returns as JSON (responseFormat session_result): a command that answers with
// text, as most do, never builds them.
const count = () => z.number().nonnegative().optional();

/** One transcript entry of skill-up's SessionResult (`pkg/transcript`), with `tool` as skill-up's input role. */
export const TranscriptEntrySchema = lazySchema(() =>
  z.looseObject({
    role: z.string(),
    content: z.unknown().optional(),
    turn: z.number().optional(),
    tool_call: z
      .looseObject({ id: z.string().optional(), name: z.string(), arguments: z.unknown().optional() })
      .optional(),
    tool_result: z
      .looseObject({ call_id: z.string().optional(), status: z.string().optional(), content: z.unknown().optional() })
      .optional(),
  }),
);
export type TranscriptEntry = z.infer<typeof TranscriptEntrySchema>;

/** A tool call as a flat record (a skill-eval addition for programs that have no transcript). */
export const FlatToolCallSchema = lazySchema(() =>
  z.looseObject({
    id: z.string().optional(),
    name: z.string(),
    input: z.unknown().optional(),
    arguments: z.unknown().optional(),
    output: z.unknown().optional(),
    is_error: z.boolean().optional(),
  }),
);

/**
 * skill-up's SessionResult: `exit_code` and `final_message` are the contract's required fields. Keys skill-up does
 * not define (`status`, `tool_calls`, `skills`, `cost_usd`, cache/reasoning tokens) are skill-eval additions, and
 * anything else is kept but ignored.
 */
export const SessionResultSchema = lazySchema(() =>
  z.looseObject({
    exit_code: z.number().int(),
    final_message: z.string().default(''),
    engine: z.string().optional(),
    model: z.string().optional(),
    duration_ms: count(),
    turns: count(),
    input_tokens: count(),
    output_tokens: count(),
    cache_read_tokens: count(),
    cache_write_tokens: count(),
    reasoning_tokens: count(),
    cost_usd: count(),
    stderr: z.string().optional(),
    transcript: z.array(TranscriptEntrySchema).optional(),
    tool_calls: z.array(FlatToolCallSchema).optional(),
    skills: z
      .array(
        z.union([
          z.string(),
          z.looseObject({ name: z.string(), via: z.enum(['tool', 'file-read', 'mention']).optional() }),
        ]),
      )
      .optional(),
    /** How the run ended, when the program knows better than its exit code. */
    status: z.enum(['completed', 'error', 'timeout', 'max-turns', 'max_turns']).optional(),
    artifacts: z.unknown().optional(),
  }),
);
export type SessionResultJson = z.infer<typeof SessionResultSchema>;

/** Parses a SessionResult text; a readable reason instead of a zod dump on failure. */
export function parseSessionResult(text: string): { result: SessionResultJson } | { problem: string } {
  const trimmed = text.trim();
  if (!trimmed) return { problem: 'the command returned an empty result' };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    return { problem: `the result is not valid JSON (${(error as Error).message}): ${trimmed.slice(0, 200)}` };
  }
  const parsed = SessionResultSchema.safeParse(value);
  if (parsed.success) return { result: parsed.data };
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(result)'}: ${issue.message}`);
  return { problem: `the result does not match the SessionResult contract: ${issues.join('; ')}` };
}

/** How a well-formed SessionResult says the run failed, if it does. */
export function resultFailure(
  result: SessionResultJson,
  redact: (text: string) => string,
): { status: SessionStatus; code: ErrorCode; message: string } | undefined {
  const detail = redact((result.stderr || result.final_message || '').trim().slice(-1000));
  const suffix = detail ? `: ${detail}` : '';
  if (result.status === 'max-turns' || result.status === 'max_turns') {
    return { status: 'max-turns', code: 'MAX_TURNS', message: `The agent hit its turn limit${suffix}` };
  }
  if (result.status === 'timeout') {
    return { status: 'timeout', code: 'TIMEOUT', message: `The agent reported a timeout${suffix}` };
  }
  if (result.exit_code !== 0) {
    return {
      status: 'error',
      code: 'ENGINE_FAILED',
      message: `The agent reported exit_code ${result.exit_code}${suffix}`,
    };
  }
  if (result.status === 'error')
    return { status: 'error', code: 'ENGINE_FAILED', message: `The agent failed${suffix}` };
  return undefined;
}
