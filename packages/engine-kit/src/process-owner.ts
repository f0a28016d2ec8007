import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** The label every container or sandbox of skill-eval carries; its value is the run's id. */
export const RUN_LABEL = 'skill-eval.run';
/** Labels naming the process that owns a container or sandbox, so that a later run can tell it died. */
export const OWNER_LABELS = { pid: 'skill-eval.pid', started: 'skill-eval.started', host: 'skill-eval.host' } as const;

/** When a process started, in clock ticks since boot (Linux); undefined elsewhere or when it is gone. */
export function processStart(pid: number | 'self'): string | undefined {
  return processStat(pid)?.start;
}

/** A process's state letter (`R`, `S`, `Z`…) and start time from /proc (Linux); undefined elsewhere or when gone. */
function processStat(pid: number | 'self'): { state: string; start: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields 3 and 22, counted after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, start: fields[19]! };
  } catch {
    return undefined;
  }
}

/**
 * The start of the name of every temporary folder a run makes (`skill-eval-<pid>.<start>-`): its owner, so that a
 * later run can tell the folder was left behind by a run killed outright (see the runner's stale-leftovers.ts).
 */
export function ownedTempPrefix(): string {
  tempPrefix ??= `skill-eval-${process.pid}.${processStart('self') ?? ''}-`;
  return tempPrefix;
}
let tempPrefix: string | undefined;

/** The owner's pid and start time in a name that begins with {@link ownedTempPrefix} (of any process). */
export function tempFolderOwner(name: string): Record<string, string> | undefined {
  const owner = /^skill-eval-(\d+)\.(\d*)-/.exec(name);
  if (!owner) return undefined;
  return { [OWNER_LABELS.pid]: owner[1]!, [OWNER_LABELS.started]: owner[2]!, [OWNER_LABELS.host]: hostname() };
}

/** Labels (container labels, sandbox metadata) naming the run and this process, which owns what carries them. */
export function ownerLabels(runId: string): Record<string, string> {
  return {
    [RUN_LABEL]: runId,
    [OWNER_LABELS.pid]: String(process.pid),
    [OWNER_LABELS.started]: processStart('self') ?? '',
    [OWNER_LABELS.host]: hostname(),
  };
}

/**
 * Whether what carries these labels was left by a process of this machine that is gone (kill -9, a crash): then
 * nothing will remove it but a later run. Labels of another machine, or of a live process, are not.
 */
export function ownerGone(labels: Readonly<Record<string, string | undefined>>): boolean {
  const pid = Number(labels[OWNER_LABELS.pid]);
  if (labels[OWNER_LABELS.host] !== hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  return !ownerAlive(pid, labels[OWNER_LABELS.started] ?? '');
}

/** Whether the process is still the one that made what its labels name. */
function ownerAlive(pid: number, started: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const stat = processStat(pid);
  // A zombie has ended: only its parent has not collected its exit yet (a parent that never does, such as a
  // container's first process that is no init, keeps it for good).
  if (stat?.state === 'Z' || stat?.state === 'X') return false;
  // The same pid with another start time is another process that took the number over.
  return !started || stat?.start === started;
}
