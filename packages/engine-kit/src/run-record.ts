import { type ErrorCode, isSkillEvalError, type SessionEvent, type SessionStatus } from '@skill-eval/core';

/** How a run ended badly. */
export interface RunFailure {
  /** The session status to report. */
  status: SessionStatus;
  /** Stable error code. */
  code: ErrorCode;
  /** What went wrong, secrets already redacted. */
  message: string;
}

/** The part of a run's state every engine keeps: what happened, and how it ended. */
export interface RunRecord {
  /** Transcript events in order. */
  events: SessionEvent[];
  /** Oddities worth reporting that did not fail the run, in the engine's words (the session's kind `engine`). */
  warnings: string[];
  /** Exit code of the last process. */
  exitCode: number | null;
  /** `completed` until a failure says otherwise. */
  status: SessionStatus;
  /** Set together with a non-completed status. */
  error?: { code: ErrorCode; message: string };
  /** The run was stopped on purpose because `EngineRunInput.stopWhen` accepted an event. */
  stoppedEarly?: boolean;
}

/** The failure every engine reports when the abort signal fired. */
export const INTERRUPTED: RunFailure = { status: 'error', code: 'INTERRUPTED', message: 'The run was interrupted.' };

/** Marks the run as ended by `failure`. */
export function failRun(record: RunRecord, failure: RunFailure): void {
  record.status = failure.status;
  record.error = { code: failure.code, message: failure.message };
}

/** A thrown error as a failure: a SkillEvalError keeps its code and its hint, anything else is ENGINE_FAILED. */
export function failureFromError(error: unknown): RunFailure {
  // By name, not instanceof: the error may come from another copy of core (a plugin's own, or the CLI's bundle).
  const code: ErrorCode = isSkillEvalError(error) ? error.code : 'ENGINE_FAILED';
  const hint = isSkillEvalError(error) && error.hint ? ` ${error.hint}` : '';
  return { status: 'error', code, message: `${error instanceof Error ? error.message : String(error)}${hint}` };
}
