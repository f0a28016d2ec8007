import { type ChildProcess, spawn } from 'node:child_process';

/** One sandbox the fake holds: what it was created with, and where its files are on this machine. */
export interface FakeSandbox {
  id: string;
  /** The CreateSandboxRequest body, as sent. */
  request: Record<string, unknown>;
  /** Its root filesystem on this machine (programs run chrooted into it). */
  root: string;
  state: 'Running' | 'Terminated';
  /** Every command execd ran, in order. */
  commands: { command: string; cwd?: string; envs?: Record<string, string> }[];
}

/** What the fake holds: its sandboxes, the processes running in them, and where their files are. */
export interface SandboxHost {
  apiKey: string;
  /** The fake's temporary folder: the root filesystem template and one folder per sandbox. */
  base: string;
  /** The root filesystem every new sandbox is a copy of. */
  rootfs: string;
  /** `http://127.0.0.1:PORT`, once the server listens. */
  url: string;
  sandboxes: Map<string, FakeSandbox>;
  /** Running commands by `<sandbox id>:<session>`. */
  processes: Map<string, ChildProcess>;
  /** Each sandbox's entrypoint, by sandbox id. */
  entrypoints: Map<string, ChildProcess>;
}

/** Kills a command's whole process group, if it still runs. */
export function killGroup(child: ChildProcess | undefined): void {
  if (child?.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Runs a shell command inside the sandbox's root filesystem, in its own process group. */
export function chrooted(sandbox: FakeSandbox, command: string, cwd: string, envs: Record<string, string>) {
  return spawn('chroot', [sandbox.root, '/bin/sh', '-c', 'cd "$0" || exit 1; eval "$1"', cwd, command], {
    env: {
      PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      HOME: '/root',
      ...((sandbox.request.env as Record<string, string> | undefined) ?? {}),
      ...envs,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
