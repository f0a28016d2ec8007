import { appendInAgentFolderSync } from '@skill-eval/engine-kit/agent-files';
import { forgetProcessGroup, killProcessGroup, trackProcessGroup } from '@skill-eval/engine-kit/process-groups';
import type { Launched } from '@skill-eval/engine-kit/process-launcher';

/** Where and how setup/teardown commands run. */
export interface ShellStepOptions {
  /** The workspace. */
  cwd: string;
  /** The execution's allowlisted env with its fresh HOME. */
  env: Record<string, string>;
  /** When every command must have ended (epoch ms): the end of the execution's time limit. */
  deadline: number;
  /** That limit, as a timeout names it: `the execution's time limit (-t 30 s)`. */
  limit: string;
  /** Stdout and stderr of every command are appended here, each after a `$ command` line. */
  logFile: string;
  /** Aborting kills the running command. */
  signal?: AbortSignal;
}

/** How a list of commands ended: all exited 0, or the first that did not. */
export type ShellStepsOutcome = { ok: true } | { ok: false; command: string; reason: string };

/**
 * Process groups started by setup commands; a background service a setup starts lives until `killAll`. Each is also
 * tracked process-wide, so that quitting at once (a second Ctrl-C) ends it too, and kept by the launcher that started
 * it, so that it goes when skill-eval is killed outright (SIGKILL, a crash).
 */
export class ProcessGroups {
  private readonly launched = new Map<number, Launched>();
  add(pid: number, launched: Launched): void {
    this.launched.set(pid, launched);
    trackProcessGroup(pid);
  }
  /** Kills every group, leader and children; groups already gone are ignored. */
  killAll(): void {
    for (const [pid, launched] of this.launched) {
      killProcessGroup(pid);
      forgetProcessGroup(pid);
      launched.releaseGroup();
    }
    this.launched.clear();
  }
}

/**
 * Runs each command with `bash -c` in its own process group, one after the other, stopping at the first
 * that exits non-zero, runs past the deadline (its whole group is killed) or is interrupted.
 */
export async function runShellSteps(
  commands: readonly string[],
  options: ShellStepOptions,
  groups: ProcessGroups = new ProcessGroups(),
): Promise<ShellStepsOutcome> {
  for (const command of commands) {
    // The log is in a folder the steps write: what one left at its name is replaced, never appended to.
    appendInAgentFolderSync(options.logFile, `$ ${command}\n`);
    const reason = await runOne(command, options, groups);
    if (reason) {
      appendInAgentFolderSync(options.logFile, `[${reason}]\n`);
      return { ok: false, command, reason };
    }
  }
  return { ok: true };
}

/**
 * Runs one command through the process launcher, its output appended to the log; resolves to why it failed, if it did.
 * Its group is kept after bash exits: what it started in the background is the execution's until `killAll`.
 */
async function runOne(command: string, options: ShellStepOptions, groups: ProcessGroups): Promise<string | undefined> {
  if (options.signal?.aborted) return 'interrupted before it started';
  // Loaded on first use: a run that never reaches a setup step (refused at start, no setup) starts no launcher.
  const { launchProcess } = await import('@skill-eval/engine-kit/process-launcher');
  return new Promise((resolve) => {
    let pid: number | undefined;
    let why: string | undefined;
    let ending: string | undefined;
    const stop = (reason: string) => {
      why ??= reason;
      killProcessGroup(pid);
    };
    const timer = setTimeout(() => stop(`ran past ${options.limit}`), Math.max(0, options.deadline - Date.now()));
    const onAbort = () => stop('interrupted');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (reason: string | undefined) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(why ?? reason);
    };
    const launched: Launched = launchProcess(
      {
        file: 'bash',
        args: ['-c', command],
        cwd: options.cwd,
        env: options.env,
        outputFile: options.logFile,
        keepGroup: true,
      },
      {
        pid: (started) => {
          pid = started;
          groups.add(started, launched);
          // A timeout or interrupt before the command had a pid takes effect now.
          if (why) killProcessGroup(started);
        },
        error: (message) => settle(`could not start bash: ${message}`),
        stdout: () => {},
        stderr: () => {},
        exit: (code, signal) => {
          if (code === null) ending = signal ? `killed by ${signal}` : 'ended unseen (its process launcher died)';
          else if (code !== 0) ending = `exited with status ${code}`;
        },
        close: () => settle(ending),
      },
    );
  });
}
