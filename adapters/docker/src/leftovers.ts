import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { docker } from './docker-cli.js';

/** The label every container of skill-eval carries; its value is the run's id. */
export const RUN_LABEL = 'skill-eval.run';
const PID_LABEL = 'skill-eval.pid';
const STARTED_LABEL = 'skill-eval.started';
const HOST_LABEL = 'skill-eval.host';

/** When a process started, in clock ticks since boot (Linux); undefined elsewhere or when it is gone. */
function processStart(pid: number | 'self'): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, counted after the command name, which is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** `docker run` labels naming the run and the process that owns the container. */
export function ownerLabels(runId: string): string[] {
  const labels = {
    [RUN_LABEL]: runId,
    [PID_LABEL]: String(process.pid),
    [STARTED_LABEL]: processStart('self') ?? '',
    [HOST_LABEL]: hostname(),
  };
  return Object.entries(labels).flatMap(([key, value]) => ['--label', `${key}=${value}`]);
}

/** Whether the process a container's labels name is still the one that made it. */
function ownerAlive(pid: number, started: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // The same pid with another start time is another process that took the number over.
  return !started || processStart(pid) === started;
}

/**
 * Removes the containers that runs on this machine left behind when their process died (kill -9, a crash, a lost
 * machine): those whose owning process is gone. Containers of live runs, and of other machines sharing the daemon,
 * are left alone. Returns how many were removed.
 */
export async function removeLeftovers(cli: string): Promise<number> {
  const format = `{{.ID}}\t{{.Label "${PID_LABEL}"}}\t{{.Label "${STARTED_LABEL}"}}\t{{.Label "${HOST_LABEL}"}}`;
  const listed = await docker(cli, ['ps', '-a', '--filter', `label=${RUN_LABEL}`, '--format', format]);
  if (listed.code !== 0) return 0;
  const dead = listed.stdout
    .split('\n')
    .map((line) => line.split('\t'))
    .filter(([id, pid, started, host]) => id && host === hostname() && !ownerAlive(Number(pid), started ?? ''))
    .map(([id]) => id!);
  if (dead.length === 0) return 0;
  await docker(cli, ['rm', '-f', ...dead]);
  return dead.length;
}
