import type { CaseResult } from '@skill-eval/core';

/**
 * Why a phase of an execution ended it: thrown by the phase, turned into the execution's `error` result by
 * `executeOne`, with whatever the phase had already recorded (the session, the transcript).
 */
export class ExecutionFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fields: Partial<CaseResult> = {},
  ) {
    super(message);
    this.name = 'ExecutionFailure';
  }
}
