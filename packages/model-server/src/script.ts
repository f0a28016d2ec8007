import { readFile } from 'node:fs/promises';
import { SkillEvalError } from '@skill-eval/core';
import * as z from 'zod';
import { RecordedExchangeSchema } from './exchange.js';

/** One tool call the fake model makes. */
export const FakeToolCallSchema = z
  .strictObject({
    /** Tool name, e.g. `Skill`, `exec_command`, `apply_patch`. */
    name: z.string().min(1),
    /** Arguments: a JSON object for function tools; the raw text for `custom` tools. */
    input: z.union([z.record(z.string(), z.unknown()), z.string()]).optional(),
    /** A freeform (custom) tool call, as codex's `apply_patch` — `custom_tool_call` in the Responses API. */
    custom: z.boolean().optional(),
    /** Responses API only: the tool's namespace, as codex offers MCP tools (`mcp__<server>`). */
    namespace: z.string().min(1).optional(),
    /** Fixed call id (replays); generated (`toolu_…` / `call_…`) when absent. */
    id: z.string().optional(),
  })
  .superRefine((call, ctx) => {
    if (call.custom && typeof call.input === 'object') {
      ctx.addIssue({ code: 'custom', message: 'a custom tool call takes its input as a string' });
    }
    if (!call.custom && typeof call.input === 'string') {
      ctx.addIssue({
        code: 'custom',
        message: 'a function tool call takes its input as a JSON object (or set custom: true)',
      });
    }
  });

/** Token counts to report; missing ones are estimated from the request and reply sizes. */
export const FakeUsageSchema = z.strictObject({
  input_tokens: z.number().int().nonnegative().optional(),
  output_tokens: z.number().int().nonnegative().optional(),
  cache_read_input_tokens: z.number().int().nonnegative().optional(),
  cache_creation_input_tokens: z.number().int().nonnegative().optional(),
  reasoning_tokens: z.number().int().nonnegative().optional(),
});

/** A scripted error answer, sent in the shape of the API that was called. */
export const FakeErrorSchema = z.strictObject({
  /** HTTP status, e.g. 401, 429, 500. */
  status: z.number().int().min(400).max(599),
  /** API error type; defaults from the status (e.g. 401 → `authentication_error`). */
  type: z.string().optional(),
  /** Error message. */
  message: z.string().optional(),
  /** Extra response headers, e.g. `{"x-should-retry": "false"}` or `retry-after`. */
  headers: z.record(z.string(), z.string()).optional(),
});

/** One answer of the fake model to one request (one model turn). */
export const FakeResponseSchema = z
  .strictObject({
    /** Assistant text; with tool calls it comes before them. */
    text: z.string().optional(),
    /** Tool calls of this turn. */
    toolCalls: z.array(FakeToolCallSchema).optional(),
    /** Reasoning: a Responses `reasoning` item with summary_text; an Anthropic thinking block when the request enables thinking. */
    reasoning: z.string().optional(),
    /** Token counts to report. */
    usage: FakeUsageSchema.optional(),
    /** Override the stop reason (Anthropic `max_tokens`, …); default from the content. */
    stopReason: z.string().optional(),
    /** Answer with this HTTP error instead. */
    error: FakeErrorSchema.optional(),
    /** Never answer (timeout tests); the socket is freed by `close()`. */
    hang: z.boolean().optional(),
    /** Wait this long before answering. */
    delayMs: z.number().int().nonnegative().optional(),
    /**
     * A recorded real response body of the called API (Anthropic Message, Responses `response` object,
     * `chat.completion`), returned verbatim when not streaming and re-streamed as SSE otherwise.
     */
    raw: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((response, ctx) => {
    const content = ['text', 'toolCalls', 'reasoning'].filter((key) => key in response);
    if (response.raw && content.length > 0) {
      ctx.addIssue({ code: 'custom', message: `raw cannot be combined with ${content.join(', ')}` });
    }
    if (response.error && (content.length > 0 || response.raw)) {
      ctx.addIssue({ code: 'custom', message: 'error cannot be combined with content or raw' });
    }
  });

/** Which requests a conversation answers; every given field must hold. */
export const FakeMatchSchema = z.strictObject({
  /** Substring of the opening user text (user messages before the first model turn, `<system-reminder>` blocks removed). */
  user: z.string().optional(),
  /** Substring of the system prompt (Anthropic `system` + role:"system" messages; OpenAI instructions + developer/system items). */
  system: z.string().optional(),
  /** The request has (true) or has no (false) tools. */
  tools: z.boolean().optional(),
  /** Substring of the requested model id. */
  model: z.string().optional(),
});

/**
 * An ordered list of responses: response i answers the request at step i (i model turns already in it). With
 * `cycle` instead of `responses`, repeated runs of the same prompt can be scripted differently.
 */
export const FakeConversationSchema = z
  .strictObject({
    /** Name, reported as `requests[].conversation`. */
    id: z.string().min(1),
    /** Absent = matches every request. */
    match: FakeMatchSchema.optional(),
    /** Response i answers step i. Exactly one of `responses` and `cycle` is given. */
    responses: z.array(FakeResponseSchema).min(1).optional(),
    /**
     * Response lists for repeated runs: the Nth new conversation this entry answers (a request at step 0) follows
     * list N, cycling; `[[skill, answer], [skill, answer], [answer]]` calls the skill in 2 of every 3 runs. A later
     * request follows the list whose tool call ids it sends back (the server gives each scripted call a unique id
     * unless it has one); a request without any follows the list chosen last. Reported as `requests[].cycle`.
     */
    cycle: z.array(z.array(FakeResponseSchema).min(1)).min(1).optional(),
    /** Past the last response: a 400 error (default, so tests fail loudly) or the last response again. */
    whenExhausted: z.enum(['error', 'repeat-last']).default('error'),
  })
  .superRefine((conversation, ctx) => {
    if ((conversation.responses === undefined) === (conversation.cycle === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'a conversation needs exactly one of responses and cycle' });
    }
  });

export const FakeScriptSchema = z
  .strictObject({
    /** Tried in order; the first match answers. */
    conversations: z.array(FakeConversationSchema).default([]),
    /** Answer when nothing matches (and the user text has no `[[…]]` directives); without it: a 400 error. */
    fallback: FakeResponseSchema.optional(),
    /** Ids listed by `GET /v1/models`. */
    models: z.array(z.string()).optional(),
    /**
     * Replay of recorded runs: exchanges by scope, where a request to `/x/<scope>/…` is answered byte for byte by
     * the recorded exchange for its route, model and step. When given, nothing else answers.
     */
    recorded: z.record(z.string(), z.array(RecordedExchangeSchema)).optional(),
  })
  .superRefine((script, ctx) => {
    const seen = new Set<string>();
    for (const [index, conversation] of script.conversations.entries()) {
      if (seen.has(conversation.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['conversations', index, 'id'],
          message: `duplicate conversation id "${conversation.id}"`,
        });
      }
      seen.add(conversation.id);
    }
  });

export type FakeToolCall = z.infer<typeof FakeToolCallSchema>;
export type FakeUsage = z.infer<typeof FakeUsageSchema>;
export type FakeError = z.infer<typeof FakeErrorSchema>;
export type FakeResponse = z.infer<typeof FakeResponseSchema>;
export type FakeMatch = z.infer<typeof FakeMatchSchema>;
/** A conversation as written (whenExhausted optional). */
export type FakeConversation = z.input<typeof FakeConversationSchema>;
/** A script as written (all defaults optional). */
export type FakeScript = z.input<typeof FakeScriptSchema>;
/** A validated script with defaults applied. */
export type ParsedFakeScript = z.output<typeof FakeScriptSchema>;

/** Validates a script; bad input → SkillEvalError BAD_INPUT listing every problem. */
export function parseFakeScript(script: unknown, source = 'fake model script'): ParsedFakeScript {
  const result = FakeScriptSchema.safeParse(script);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new SkillEvalError('BAD_INPUT', `Invalid ${source}:\n${problems.join('\n')}`, {
    hint: 'See FakeScriptSchema in @skill-eval/model-server for the script format.',
  });
}

/** Reads and validates a JSON script file. */
export async function loadFakeScript(file: string): Promise<ParsedFakeScript> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    throw new SkillEvalError('BAD_INPUT', `Cannot read fake model script ${file}`, { cause });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new SkillEvalError('BAD_INPUT', `Fake model script ${file} is not valid JSON: ${(cause as Error).message}`, {
      cause,
    });
  }
  return parseFakeScript(json, `fake model script ${file}`);
}

/** Concatenates conversations in order; the last given fallback and models win. Duplicate ids are an error. */
export function mergeFakeScripts(...scripts: FakeScript[]): ParsedFakeScript {
  const merged: FakeScript = { conversations: [] };
  for (const script of scripts) {
    merged.conversations!.push(...(script.conversations ?? []));
    if (script.fallback) merged.fallback = script.fallback;
    if (script.models) merged.models = script.models;
    if (script.recorded) merged.recorded = { ...merged.recorded, ...script.recorded };
  }
  return parseFakeScript(merged, 'merged fake model script');
}
