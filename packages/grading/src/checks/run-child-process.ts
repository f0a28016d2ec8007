/** A program a check runs: its own process group, a hard deadline, JSON or text on stdin. */
export interface ChildRequest {
  /** The program, or with `shell` a whole command line for /bin/sh. */
  file: string;
  /** Its arguments, passed as they are. */
  args: readonly string[];
  /** Run `file` as a shell command line. */
  shell?: boolean;
  /** Working directory. */
  cwd: string;
  /** The complete environment; nothing is inherited. */
  env: Record<string, string>;
  /** Written to stdin, then stdin is closed. */
  input: string;
  /** Wall-clock limit; past it the whole process group is killed. */
  timeoutMs: number;
  /** Aborting it kills the whole process group. */
  signal?: AbortSignal;
}

/** How the program ended and what it wrote. */
export interface ChildResult {
  /** Exit code; null when killed or never started. */
  exitCode: number | null;
  /** What it wrote to stdout, up to MAX_CAPTURE characters. */
  stdout: string;
  /** What it wrote to stderr, up to MAX_CAPTURE characters. */
  stderr: string;
  /** The time limit passed and the group was killed. */
  timedOut: boolean;
  /** The abort signal fired and the group was killed. */
  aborted: boolean;
  /** Why the program could not start (`spawn foo ENOENT`), when it could not. */
  spawnError?: string;
}

/** More output than a grader verdict needs is dropped, so a chatty script cannot exhaust memory. */
const MAX_CAPTURE = 256 * 1024;
/** After a kill, how long to wait for pipes a stray grandchild may still hold. */
const KILL_GRACE_MS = 2000;

/**
 * Runs a program as the leader of its own process group and kills the group on timeout, abort, and exit. It is started
 * by engine-kit's process launcher, as every program of an execution is: a `request.env` that carries the execution's
 * mark starts it inside the execution's containment (its cgroup), so whatever it forks — in a session of its own, with
 * an empty environment — ends with the execution.
 */
export async function runChildProcess(request: ChildRequest): Promise<ChildResult> {
  // Loaded on use: few suites have programs among their checks.
  const { launchProcess } = await import('@skill-eval/engine-kit/process-launcher');
  const { forgetProcessGroup, killProcessGroup, trackProcessGroup } = await import(
    '@skill-eval/engine-kit/process-groups'
  );
  const out = { stdout: '', stderr: '' };
  const keep = (name: 'stdout' | 'stderr') => (chunk: string) => {
    if (out[name].length < MAX_CAPTURE) out[name] = (out[name] + chunk).slice(0, MAX_CAPTURE);
  };
  let timedOut = false;
  let aborted = false;
  let pid: number | undefined;
  let exitCode: number | null = null;
  let spawnError: string | undefined;
  let graceTimer: NodeJS.Timeout | undefined;
  let launched: { abandonPipes(): void } | undefined;
  // A grandchild that left the group may hold the pipes open: they are not waited on forever.
  const stopWaiting = () => {
    graceTimer ??= setTimeout(() => launched?.abandonPipes(), KILL_GRACE_MS);
  };
  const kill = () => {
    killProcessGroup(pid);
    stopWaiting();
  };
  const deadline = setTimeout(() => {
    timedOut = true;
    kill();
  }, request.timeoutMs);
  const onAbort = () => {
    aborted = true;
    kill();
  };
  await new Promise<void>((resolve) => {
    const finish = () => {
      clearTimeout(deadline);
      clearTimeout(graceTimer);
      request.signal?.removeEventListener('abort', onAbort);
      // Background processes the program started would outlive it in the group.
      killProcessGroup(pid);
      if (pid) forgetProcessGroup(pid);
      resolve();
    };
    launched = launchProcess(launchRequest(request), {
      pid: (started) => {
        pid = started;
        trackProcessGroup(started);
        // A timeout or abort before the program had a pid takes effect now.
        if (timedOut || aborted) killProcessGroup(started);
      },
      error: (message) => {
        spawnError = message;
        finish();
      },
      stdout: keep('stdout'),
      stderr: keep('stderr'),
      exit: (code) => {
        exitCode = code;
        killProcessGroup(pid);
        stopWaiting();
      },
      close: finish,
    });
    if (request.signal?.aborted) onAbort();
    else request.signal?.addEventListener('abort', onAbort, { once: true });
  });
  const stopped = timedOut || aborted;
  return {
    exitCode: stopped ? null : exitCode,
    ...out,
    timedOut,
    aborted,
    ...(spawnError !== undefined && !stopped ? { spawnError } : {}),
  };
}

/** The launcher's request: a command line runs under /bin/sh, as a shell spawn would run it. */
function launchRequest(request: ChildRequest) {
  const [file, args] = request.shell ? ['/bin/sh', ['-c', request.file]] : [request.file, request.args];
  return { file, args, cwd: request.cwd, env: request.env, stdin: request.input };
}
