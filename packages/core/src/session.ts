import * as z from 'zod';
import { lazySchema } from './lazy-schema.js';
import { warningListSchema } from './warning.js';

/** Token counts, summed over the whole execution. */
export const UsageSchema = lazySchema(() =>
  z.object({
    inputTokens: z.number().nonnegative().default(0),
    outputTokens: z.number().nonnegative().default(0),
    cacheReadTokens: z.number().nonnegative().default(0),
    cacheWriteTokens: z.number().nonnegative().default(0),
    reasoningTokens: z.number().nonnegative().default(0),
  }),
);
export type Usage = z.infer<typeof UsageSchema>;

export const emptyUsage = (): Usage => ({
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  reasoningTokens: 0,
});

export function addUsage(a: Usage, b: Partial<Usage>): Usage {
  return {
    inputTokens: a.inputTokens + (b.inputTokens ?? 0),
    outputTokens: a.outputTokens + (b.outputTokens ?? 0),
    cacheReadTokens: a.cacheReadTokens + (b.cacheReadTokens ?? 0),
    cacheWriteTokens: a.cacheWriteTokens + (b.cacheWriteTokens ?? 0),
    reasoningTokens: a.reasoningTokens + (b.reasoningTokens ?? 0),
  };
}

export const totalTokens = (u: Usage): number =>
  u.inputTokens + u.outputTokens + u.cacheReadTokens + u.cacheWriteTokens;

/** How a skill was seen to fire: its tool was called (strong), its SKILL.md was read, or it was named. */
export const SkillSignalSchema = lazySchema(() => z.enum(['tool', 'file-read', 'mention']));
export type SkillSignal = z.infer<typeof SkillSignalSchema>;

/** One thing that happened in the transcript, in order. */
export const SessionEventSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('message'),
      role: z.enum(['user', 'assistant', 'system']),
      text: z.string(),
      /** A user message a model playing the user wrote (skill-up's user simulator), not the eval file. */
      simulated: z.boolean().optional(),
    }),
    z.object({ type: z.literal('reasoning'), text: z.string() }),
    z.object({ type: z.literal('tool-call'), id: z.string(), name: z.string(), input: z.unknown() }),
    z.object({
      type: z.literal('tool-result'),
      id: z.string(),
      output: z.string(),
      isError: z.boolean().default(false),
    }),
    z.object({ type: z.literal('skill'), name: z.string(), via: SkillSignalSchema }),
    z.object({ type: z.literal('error'), message: z.string() }),
  ]),
);
export type SessionEvent = z.infer<typeof SessionEventSchema>;

/** A tool call paired with its result. */
export const ToolCallSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    input: z.unknown(),
    /** The result text, when a result came back. */
    output: z.string().optional(),
    isError: z.boolean().default(false),
  }),
);
export type ToolCall = z.infer<typeof ToolCallSchema>;

export const SkillInvocationSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    via: SkillSignalSchema,
  }),
);
export type SkillInvocation = z.infer<typeof SkillInvocationSchema>;

export const SessionStatusSchema = lazySchema(() => z.enum(['completed', 'error', 'timeout', 'max-turns']));
export type SessionStatus = z.infer<typeof SessionStatusSchema>;

/** What an engine returns for one execution: a normalised transcript. */
export const SessionSchema = lazySchema(() =>
  z.object({
    /** How the agent run ended. */
    status: SessionStatusSchema,
    /** Process exit code, for engines that run a process. */
    exitCode: z.number().int().nullable().default(null),
    /** The agent's last assistant message. */
    finalMessage: z.string().default(''),
    /** Everything that happened, in order. */
    events: z.array(SessionEventSchema).default([]),
    /** Tool calls paired with their results. */
    toolCalls: z.array(ToolCallSchema).default([]),
    /** Skills seen to fire, strongest signal per skill. */
    skillsInvoked: z.array(SkillInvocationSchema).default([]),
    /** Token usage. */
    usage: UsageSchema.default(emptyUsage()),
    /** Cost in US dollars, when the engine reports or prices it. */
    costUsd: z.number().nonnegative().optional(),
    /** Wall-clock duration in milliseconds. */
    durationMs: z.number().nonnegative().default(0),
    /** Agent turns (model round trips) taken. */
    turns: z.number().int().nonnegative().default(0),
    /** Engine plugin id. */
    engineId: z.string(),
    /** Version of the engine binary or SDK. */
    engineVersion: z.string().optional(),
    /** Model that answered. */
    model: z.string().optional(),
    /** Path of the raw transcript the engine produced. */
    transcriptPath: z.string().optional(),
    /** The engine stopped the agent because `EngineRunInput.stopWhen` said so; the session is the run so far. */
    stoppedEarly: z.boolean().default(false),
    /** Things that went oddly but did not fail the run; a plain string (an older engine's) is read as kind `engine`. */
    warnings: warningListSchema('engine').default([]),
    /** Why the simulated user ended the conversation, when it did (skill-up's stop `reason`). */
    simulatorStopReason: z.string().optional(),
    /** Why the run failed, when status is not completed. */
    error: z.object({ code: z.string(), message: z.string() }).optional(),
  }),
);
export type Session = z.infer<typeof SessionSchema>;
export type SessionInput = z.input<typeof SessionSchema>;

/** Pairs tool-call events with their tool-result events and lists skills (strongest signal per skill). */
export function summarizeEvents(events: readonly SessionEvent[]): {
  toolCalls: ToolCall[];
  skillsInvoked: SkillInvocation[];
} {
  const toolCalls: ToolCall[] = [];
  const byId = new Map<string, ToolCall>();
  const strength: Record<SkillSignal, number> = { tool: 3, 'file-read': 2, mention: 1 };
  const skills = new Map<string, SkillInvocation>();
  for (const event of events) {
    if (event.type === 'tool-call') {
      const call: ToolCall = { id: event.id, name: event.name, input: event.input, isError: false };
      toolCalls.push(call);
      byId.set(event.id, call);
    } else if (event.type === 'tool-result') {
      const call = byId.get(event.id);
      if (call) {
        call.output = event.output;
        call.isError = event.isError;
      }
    } else if (event.type === 'skill') {
      const seen = skills.get(event.name);
      if (!seen || strength[event.via] > strength[seen.via])
        skills.set(event.name, { name: event.name, via: event.via });
    }
  }
  return { toolCalls, skillsInvoked: [...skills.values()] };
}
