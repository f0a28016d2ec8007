import { existsSync } from 'node:fs';
import type { GroupProcessResult } from './run-group-process.js';
import { INTERRUPTED, type RunFailure } from './run-record.js';

/** Names what `processFailure` and `exitFailure` put into their messages. */
export interface ProgramInfo {
  /** Short name for messages (`claude`, `codex`). */
  program: string;
  /** The binary that was started. */
  binary: string;
  /** Told to the user when the binary vanished. */
  installHint: string;
  /** The limit the deadline came from, for the timeout message. */
  timeoutMs: number;
}

const TOO_LONG =
  '(the command line is longer than the system allows: one argument, such as a prompt or a system prompt, may hold at most 128 KiB).';

/** Why a CLI turn failed before its output matters: aborted, out of time, or not started at all. */
export function processFailure(proc: GroupProcessResult, info: ProgramInfo): RunFailure | undefined {
  if (proc.aborted) return INTERRUPTED;
  if (proc.timedOut) {
    return {
      status: 'timeout',
      code: 'TIMEOUT',
      message: `${info.program} did not finish within ${info.timeoutMs} ms.`,
    };
  }
  if (!proc.spawnError) return undefined;
  // The binary was found a moment ago; if it is still there, the cause is elsewhere (cwd, permissions).
  const gone = !existsSync(info.binary);
  const why = proc.spawnError.includes('E2BIG') ? ` ${TOO_LONG}` : gone ? ` ${info.installHint}` : '';
  const message = `Could not start ${info.binary}: ${proc.spawnError}${why}`;
  return { status: 'error', code: gone ? 'ENGINE_NOT_FOUND' : 'ENGINE_FAILED', message };
}

/** How a program that was not stopped by skill-eval ended, for messages: `exited with code 2`, `was killed by SIGSEGV`. */
export function howItEnded(proc: Pick<GroupProcessResult, 'exitCode' | 'signal'>): string {
  if (proc.signal) return `was killed by ${proc.signal}`;
  return proc.exitCode === null ? 'ended without an exit code' : `exited with code ${proc.exitCode}`;
}

/** A turn whose output never said it ended: `<program> exited with code 2: <stderr tail>`. */
export function exitFailure(
  program: string,
  proc: GroupProcessResult,
  noEnd: string,
  redact: (text: string) => string,
): RunFailure {
  const why = proc.exitCode === 0 ? noEnd : howItEnded(proc);
  const tail = proc.stderrTail ? `: ${redact(proc.stderrTail.slice(-1000))}` : '';
  return { status: 'error', code: 'ENGINE_FAILED', message: `${program} ${why}${tail}` };
}
