import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { appendFile, open } from 'node:fs/promises';
import { forgetProcessGroup, killProcessGroup, trackProcessGroup } from '@skill-eval/engine-kit/process-groups';

/** Seconds a setup or teardown command may run, as Skillet allows. */
export const DEFAULT_SETUP_TIMEOUT_SECONDS = 30;

/** Where and how setup/teardown commands run. */
export interface ShellStepOptions {
  /** The workspace. */
  cwd: string;
  /** The execution's allowlisted env with its fresh HOME. */
  env: Record<string, string>;
  /** Per command. */
  timeoutMs: number;
  /** Stdout and stderr of every command are appended here, each after a `$ command` line. */
  logFile: string;
  /** Aborting kills the running command. */
  signal?: AbortSignal;
}

/** How a list of commands ended: all exited 0, or the first that did not. */
export type ShellStepsOutcome = { ok: true } | { ok: false; command: string; reason: string };

/**
 * Process groups started by setup commands; a background service a setup starts lives until `killAll`. Each is also
 * tracked process-wide, so that quitting at once (a second Ctrl-C) ends it too.
 */
export class ProcessGroups {
  private readonly pids = new Set<number>();
  add(pid: number): void {
    this.pids.add(pid);
    trackProcessGroup(pid);
  }
  /** Kills every group, leader and children; groups already gone are ignored. */
  killAll(): void {
    for (const pid of this.pids) {
      killProcessGroup(pid);
      forgetProcessGroup(pid);
    }
    this.pids.clear();
  }
}

/**
 * Runs each command with `bash -c` in its own process group, one after the other, stopping at the first
 * that exits non-zero, runs past the timeout (its whole group is killed) or is interrupted.
 */
export async function runShellSteps(
  commands: readonly string[],
  options: ShellStepOptions,
  groups: ProcessGroups = new ProcessGroups(),
): Promise<ShellStepsOutcome> {
  for (const command of commands) {
    await appendFile(options.logFile, `$ ${command}\n`);
    const reason = await runOne(command, options, groups);
    if (reason) {
      await appendFile(options.logFile, `[${reason}]\n`);
      return { ok: false, command, reason };
    }
  }
  return { ok: true };
}

async function runOne(command: string, options: ShellStepOptions, groups: ProcessGroups): Promise<string | undefined> {
  if (options.signal?.aborted) return 'interrupted before it started';
  const log = await open(options.logFile, 'a');
  try {
    const child = spawn('bash', ['-c', command], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', log.fd, log.fd],
    });
    const exited = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
    const failedToStart = once(child, 'error').then(([error]) => error as Error);
    if (child.pid !== undefined) groups.add(child.pid);
    let why: string | undefined;
    const stop = (reason: string) => {
      why ??= reason;
      killProcessGroup(child.pid);
    };
    const timer = setTimeout(() => stop(`timed out after ${options.timeoutMs / 1000} s`), options.timeoutMs);
    const onAbort = () => stop('interrupted');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const ended = await Promise.race([exited, failedToStart]);
      if (ended instanceof Error) return `could not start bash: ${ended.message}`;
      const [code, signal] = ended;
      if (why) return why;
      if (code !== 0) return code === null ? `killed by ${signal}` : `exited with status ${code}`;
      return undefined;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  } finally {
    await log.close();
  }
}
