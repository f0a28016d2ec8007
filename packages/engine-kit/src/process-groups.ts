import { killLiveContainmentsSync } from './execution-containment.js';
import { reapLiveMarksSync } from './process-reaper.js';

/** Process groups started and not yet seen to end, by their leader's pid. */
const live = new Set<number>();

/** Kills every process in the group led by `pid`; a gone group is fine. Returns whether the group was there. */
export function killProcessGroup(pid: number | undefined): boolean {
  if (!pid) return false;
  // Most groups have ended by the time they are killed (every execution kills its program's group at its exit): the
  // error that says so needs no stack, whose capture costs more than the kill.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    process.kill(-pid, 'SIGKILL');
    return true;
  } catch {
    // ESRCH: the group is already gone.
    return false;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/** Notes a group this process started, until `forgetProcessGroup`: one a quit at once must not leave running. */
export function trackProcessGroup(pid: number): void {
  live.add(pid);
}

export function forgetProcessGroup(pid: number): void {
  live.delete(pid);
}

/**
 * Kills every group still tracked, everything in the cgroup of an execution not yet ended, and (on the fallback) every
 * process that left its group but carries the mark of an execution not yet reaped (see execution-containment.ts): for a process about to exit at once (a second Ctrl-C), which would otherwise
 * leave agents, setup services and teardown commands running without it.
 */
export function killLiveProcessGroups(): void {
  for (const pid of live) killProcessGroup(pid);
  live.clear();
  killLiveContainmentsSync();
  reapLiveMarksSync();
}
