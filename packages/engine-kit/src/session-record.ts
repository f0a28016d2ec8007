import { emptyUsage, type Session, summarizeEvents, type Usage, warning } from '@skill-eval/core';
import type { RunRecord } from './run-record.js';

/** What a run gathers on its way to a Session. */
export interface SessionRecord extends RunRecord {
  /** Token usage summed over the turns. */
  usage: Usage;
  /** Cost in USD, when the program reported or the engine priced it. */
  costUsd?: number;
  /** Wall time the program reported; 0 or unset means the engine's own clock is used. */
  durationMs?: number;
  /** Model turns taken. */
  turns: number;
  /** The model that answered, as far as known. */
  model?: string;
  /** Version the program reported about itself. */
  version?: string;
  /** The last answer. */
  finalMessage: string;
}

/** A record for a run that has not started: no events, completed until a failure says otherwise. */
export function newSessionRecord(model: string | undefined): SessionRecord {
  return {
    events: [],
    usage: emptyUsage(),
    turns: 0,
    model,
    finalMessage: '',
    warnings: [],
    exitCode: null,
    status: 'completed',
  };
}

/** The Session a record describes; tool calls and skills are summarized from its events. */
export function toSession(
  record: SessionRecord,
  run: { engineId: string; started: number; transcriptPath?: string },
): Session {
  const { toolCalls, skillsInvoked } = summarizeEvents(record.events);
  return {
    status: record.status,
    exitCode: record.exitCode,
    finalMessage: record.finalMessage,
    events: record.events,
    toolCalls,
    skillsInvoked,
    usage: record.usage,
    ...(record.costUsd !== undefined ? { costUsd: record.costUsd } : {}),
    durationMs: record.durationMs || Date.now() - run.started,
    turns: record.turns,
    engineId: run.engineId,
    ...(record.version ? { engineVersion: record.version } : {}),
    ...(record.model ? { model: record.model } : {}),
    ...(run.transcriptPath ? { transcriptPath: run.transcriptPath } : {}),
    stoppedEarly: record.stoppedEarly ?? false,
    warnings: record.warnings.map((message) => warning('engine', message)),
    ...(record.error ? { error: record.error } : {}),
  };
}
