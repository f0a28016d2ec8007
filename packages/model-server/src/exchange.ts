import * as z from 'zod';

/** An HTTP answer kept byte for byte: status, the headers worth replaying, and the body as sent. */
export const RecordedAnswerSchema = z.object({
  /** HTTP status. */
  status: z.number().int().min(100).max(599),
  /** Response headers (lower-case names) without hop-by-hop ones (length, encoding, connection). */
  headers: z.record(z.string(), z.string()).default({}),
  /** The body exactly as the client received it (an SSE stream stays an SSE stream). */
  body: z.string(),
  /** `base64` when the body is not UTF-8 text. */
  encoding: z.enum(['utf8', 'base64']).default('utf8'),
});

/** One request to a model endpoint and its answer, as `--record` keeps it and the fake server replays it. */
export const RecordedExchangeSchema = z.object({
  /** HTTP method. */
  method: z.string(),
  /** Path in the fake server's layout: `/v1/messages`, `/v1/responses`, `/v1/chat/completions`, … (no query). */
  path: z.string(),
  /** Requested model, for model API calls. */
  model: z.string().optional(),
  /** Model turns already in the request, for model API calls. */
  step: z.number().int().nonnegative().optional(),
  /** The request: headers without credentials, and the body (JSON when it parses, else text). */
  request: z.object({ headers: z.record(z.string(), z.string()).default({}), body: z.unknown() }).optional(),
  response: RecordedAnswerSchema,
  /** When the request arrived (ISO time). */
  startedAt: z.string().optional(),
  /** Request to last byte of the answer, in ms. */
  durationMs: z.number().nonnegative().optional(),
});

/** Every exchange of one execution, in arrival order, by scope (the execution, and `<execution>.judge` for its judge). */
export const RecordingSchema = z.object({
  /** Recording format version. */
  version: z.literal(1),
  /** The execution the exchanges belong to. */
  executionId: z.string(),
  /** Exchanges per scope, in arrival order. */
  scopes: z.record(z.string(), z.array(RecordedExchangeSchema)),
});

export type RecordedAnswer = z.infer<typeof RecordedAnswerSchema>;
export type RecordedExchange = z.infer<typeof RecordedExchangeSchema>;
/** An exchange as written (defaults optional). */
export type RecordedExchangeInput = z.input<typeof RecordedExchangeSchema>;
export type Recording = z.infer<typeof RecordingSchema>;

/** Scope of an execution's judge calls: the execution id is `[a-z0-9-]`, so the dot cannot clash. */
export const judgeScope = (executionId: string): string => `${executionId}.judge`;

/** Headers never replayed or stored: they describe one connection, not the answer. */
export const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'date',
  'upgrade',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'set-cookie',
]);
