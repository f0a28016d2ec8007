import type { ProcessOutcome, ProcessSpec } from '@skill-eval/core';
import { createLineSplitter } from './line-splitter.js';
import { forgetProcessGroup, killProcessGroup, trackProcessGroup } from './process-groups.js';
import { launchProcess } from './process-launcher.js';

export interface GroupProcessOptions extends ProcessSpec {
  /** Called when the process group is killed on purpose (deadline, abort, stop), for what lives beyond it. */
  onKill?: () => void;
}

export type GroupProcessResult = ProcessOutcome;

const STDERR_TAIL = 4000;
/** Longest stdout line kept by default: far above any event an agent CLI prints, far below what would fill memory. */
export const MAX_LINE_LENGTH = 64 * 1024 * 1024;
/** How long to wait for the pipes to close after a kill before giving up on them. */
const KILL_GRACE_MS = 2000;

/**
 * Runs a program as the leader of its own process group, streams stdout by line, and kills the
 * whole group (tools the agent started included) at the deadline, on abort, and after it exits.
 * The program is started by the process launcher (see process-launcher.ts), which keeps forks off this process.
 */
export function runGroupProcess(options: GroupProcessOptions): Promise<GroupProcessResult> {
  let timedOut = false;
  let aborted = false;
  let stopRequested = false;
  let killRequested = false;
  let stderr = '';
  let spawnError: string | undefined;
  let exitCode: number | null = null;
  let exitSignal: NodeJS.Signals | null = null;
  let pid: number | undefined;

  const deliver = (line: string) => {
    if (stopRequested) return;
    if (options.onLine(line) === 'stop') stop();
  };
  const lines = createLineSplitter(options.maxLineLength ?? MAX_LINE_LENGTH, deliver);

  let groupGone = false;
  let graceTimer: NodeJS.Timeout | undefined;
  let launched: { abandonPipes(): void } | undefined;
  // A grandchild that left the group could hold the pipes open; do not wait on it forever.
  const stopWaitingOnPipes = () => {
    graceTimer ??= setTimeout(() => launched?.abandonPipes(), KILL_GRACE_MS);
  };
  const kill = () => {
    if (!killRequested) options.onKill?.();
    killRequested = true;
    killProcessGroup(pid);
    stopWaitingOnPipes();
  };
  const onDeadline = () => {
    timedOut = true;
    kill();
  };
  const deadlineTimer = setTimeout(onDeadline, Math.max(0, options.deadline - Date.now()));
  const onAbort = () => {
    aborted = true;
    kill();
  };
  // A deliberate stop: later lines are not delivered, as the caller already has what it wanted.
  function stop() {
    stopRequested = true;
    kill();
  }

  return new Promise<GroupProcessResult>((resolve) => {
    const finish = () => {
      clearTimeout(deadlineTimer);
      clearTimeout(graceTimer);
      options.signal?.removeEventListener('abort', onAbort);
      // Background processes the agent started live on in the group after the program exits. A group found gone
      // stays gone (nothing can join it), and its number may belong to another group by now.
      if (!groupGone) killProcessGroup(pid);
      if (pid) forgetProcessGroup(pid);
      lines.end();
      resolve({
        exitCode,
        ...(exitSignal ? { signal: exitSignal } : {}),
        timedOut,
        aborted,
        stopped: stopRequested,
        stderrTail: stderr.trim(),
        cutLines: lines.cutLines,
        ...(spawnError !== undefined ? { spawnError } : {}),
      });
    };
    launched = launchProcess(launchSpec(options), {
      pid: (started) => {
        pid = started;
        trackProcessGroup(started);
        // A kill asked for before the program had a pid takes effect now.
        if (killRequested) killProcessGroup(pid);
      },
      error: (message) => {
        spawnError = message;
        finish();
      },
      stdout: (chunk) => lines.push(chunk),
      stderr: (chunk) => {
        stderr = (stderr + chunk).slice(-STDERR_TAIL);
      },
      exit: (code, signal) => {
        exitCode = code;
        exitSignal = signal;
        // The program is gone; what it started in the background goes too, and its pipes are not waited on forever.
        groupGone = !killProcessGroup(pid);
        stopWaitingOnPipes();
      },
      close: finish,
    });
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** What the launcher starts: the program, its arguments, folder, environment and input. */
function launchSpec(options: GroupProcessOptions) {
  return {
    file: options.file,
    args: options.args,
    cwd: options.cwd,
    env: options.env,
    ...(options.argv0 !== undefined ? { argv0: options.argv0 } : {}),
    ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
  };
}
