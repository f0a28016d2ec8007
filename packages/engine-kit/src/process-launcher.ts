import { type ChildProcess, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { type LaunchCgroup, launchCgroup, type ProbeAnswer, startContainmentProbe } from './execution-containment.js';
import { LAUNCHER_SOURCE } from './launcher-source.js';

/** What to start: as for child_process.spawn, always detached (the leader of a new process group). */
export interface LaunchRequest {
  file: string;
  args: readonly string[];
  argv0?: string;
  cwd: string;
  env: Record<string, string>;
  /** Written to stdin, which is then closed; without it the program gets no stdin at all. */
  stdin?: string;
  /** A file stdout and stderr are appended to, instead of coming as `stdout` and `stderr` events. */
  outputFile?: string;
  /**
   * The program's group outlives it (a background service it starts runs on): the caller kills the group, then
   * calls `releaseGroup`. Until then the launcher kills the group if this process dies without doing so.
   */
  keepGroup?: boolean;
}

/** What happens to a launched program, in order: `pid` or `error`, output, `exit`, `close`. */
export interface LaunchEvents {
  /** The program started. */
  pid(pid: number): void;
  /** The program could not start (`ENOENT`, `EACCES`); nothing else follows. */
  error(message: string): void;
  stdout(text: string): void;
  stderr(text: string): void;
  /** The program ended: its code, or null and the signal that ended it (both null when that is unknown). */
  exit(code: number | null, signal: NodeJS.Signals | null): void;
  /** Its pipes are closed as well: nothing more will come. */
  close(): void;
}

/** One launched program, as seen by the caller. */
export interface Launched {
  /** Stops waiting on its pipes (a grandchild that left the group may hold them open); `close` follows. */
  abandonPipes(): void;
  /** The caller killed the group it asked to keep: the launcher forgets it. */
  releaseGroup(): void;
}

type Message =
  | { t: 'ready' }
  | { t: 'pid'; id: number; pid: number }
  | { t: 'error'; id: number; message: string }
  | { t: 'out' | 'err'; id: number; data: string }
  | { t: 'exit'; id: number; code: number | null; signal?: NodeJS.Signals | null }
  | { t: 'close'; id: number }
  | { t: 'probed'; id: number; error: string | null };

/**
 * The launcher's own Node options, for the one thing it does: fork. A fork copies the page tables of the memory the
 * process has written, and each page the process writes afterwards faults to be copied; and every move of the process
 * between cgroups around a fork (execution-containment.ts) moves each of its threads. So the less memory and the fewer
 * threads, the cheaper each start: V8's young generation kept at 1 MB (it grows to 16 MB), no concurrent collector or
 * compiler threads, one platform worker instead of four (4 threads in all instead of 7). Measured on a 2-core machine
 * where `node -e 0` takes 60 ms: a Node process that only starts programs, 4 at once, spends 3.5 ms of CPU on each
 * instead of 3.9; a run of 1000 trivial cases at -j 4 takes 1.55 ms per case over the engine alone instead of 2.25
 * (bench workload 2, 8 alternated runs).
 */
const LAUNCHER_NODE_OPTIONS = ['--single-threaded', '--max-semi-space-size=1', '--v8-pool-size=1'];

/**
 * Starts programs from a small helper process instead of this one. Node forks the whole process to start a
 * program: the bigger the process, the longer the fork blocks the event loop and the more copy-on-write faults
 * follow it. The launcher is a bare Node process, so its forks are cheap, and they happen beside the runner's work
 * instead of inside it. Each launcher serves many programs; it holds the event loop open only while one runs.
 */
class ProcessLauncher {
  private child: ChildProcess | undefined;
  private nextId = 1;
  private readonly running = new Map<number, LaunchEvents>();
  /** Ids of the running programs that have started (sent their pid). */
  private readonly started = new Set<number>();
  /** Requests not started yet that have not been sent once more: they go to a fresh launcher if this one dies first. */
  private readonly retryable = new Map<
    number,
    { request: LaunchRequest; sent: { id: number }; cgroup: LaunchCgroup | undefined }
  >();
  /** Containment probes asked of it and not answered yet, by id (see {@link probe}). */
  private readonly probes = new Map<number, (answer: ProbeAnswer) => void>();
  /** Its process has started and takes requests without waiting. */
  ready = false;

  /** Programs it is relaying now. */
  get load(): number {
    return this.running.size;
  }

  /**
   * Has its process make the containment probe's moves (execution-containment.ts): it answers `moved`, the code of
   * the move that failed, or `gone` when it dies first. The event loop is held until then: an execution waits for it.
   */
  probe(paths: { enter: string; leave: string }): Promise<ProbeAnswer> {
    const child = this.start();
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.probes.set(id, resolve);
      this.hold(true);
      child.send({ t: 'probe', id, ...paths }, (error: Error | null) => {
        if (error) this.lost(child);
      });
    });
  }

  launch(request: LaunchRequest, events: LaunchEvents, cgroup?: LaunchCgroup): Launched {
    const sent = this.send(request, events, true, { id: 0 }, cgroup);
    return {
      abandonPipes: () => this.child?.send({ t: 'abandon', id: sent.id }, ignoreClosed),
      releaseGroup: () => this.child?.send({ t: 'release', id: sent.id }, ignoreClosed),
    };
  }

  /**
   * Sends the request to the launcher process. A launcher that dies before the program starts — its exit not yet seen
   * when the request was sent, so the request may never have reached it — has the request sent once more, to a
   * launcher started afresh (whichever is seen first: the failed send or the exit); a second failure ends it as not
   * started. (A launcher killed between starting a program and reporting it would see that program start twice.)
   */
  private send(
    request: LaunchRequest,
    events: LaunchEvents,
    resendable: boolean,
    sent: { id: number },
    cgroup: LaunchCgroup | undefined,
  ): { id: number } {
    const child = this.start();
    const id = this.nextId++;
    sent.id = id;
    this.running.set(id, events);
    if (resendable) this.retryable.set(id, { request, sent, cgroup });
    if (this.running.size === 1) this.hold(true);
    const message = {
      t: 'spawn',
      id,
      file: request.file,
      args: request.args,
      argv0: request.argv0 ?? null,
      cwd: request.cwd,
      env: request.env,
      stdin: request.stdin ?? null,
      output: request.outputFile ?? null,
      keep: request.keepGroup === true,
      cgroup: cgroup ? { enter: cgroup.enter, leave: cgroup.leave } : null,
    };
    child.send(message, (error: Error | null) => {
      if (error) this.lost(child);
    });
    return sent;
  }

  /** Starts the launcher process unless it runs already. */
  start(): ChildProcess {
    if (this.child) return this.child;
    const child = spawn(process.execPath, [...LAUNCHER_NODE_OPTIONS, '-e', LAUNCHER_SOURCE], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      // Its own options, not the user's: NODE_OPTIONS such as --require must not load into it.
      env: { PATH: process.env.PATH ?? '' },
    });
    // Its replies come in batches (see launcher-source.ts).
    child.on('message', (replies: Message[]) => {
      for (const message of replies) this.deliver(message);
    });
    child.once('exit', () => this.lost(child));
    // A launcher that cannot start ends as one that died; the error is reported to the programs it was given.
    child.once('error', () => this.lost(child));
    this.child = child;
    this.hold(false);
    return child;
  }

  private deliver(message: Message): void {
    if (message.t === 'ready') {
      this.ready = true;
      return;
    }
    if (message.t === 'probed') {
      this.answer(message.id, message.error ?? 'moved');
      return;
    }
    const events = this.running.get(message.id);
    if (!events) return;
    switch (message.t) {
      case 'pid':
        this.started.add(message.id);
        this.retryable.delete(message.id);
        events.pid(message.pid);
        break;
      case 'out':
        events.stdout(message.data);
        break;
      case 'err':
        events.stderr(message.data);
        break;
      case 'exit':
        events.exit(message.code, message.signal ?? null);
        break;
      case 'error':
        this.finished(message.id);
        events.error(message.message);
        break;
      case 'close':
        this.finished(message.id);
        events.close();
        break;
    }
  }

  private finished(id: number): void {
    this.running.delete(id);
    this.started.delete(id);
    this.retryable.delete(id);
    if (this.running.size === 0 && this.probes.size === 0) this.hold(false);
  }

  private answer(id: number, answer: ProbeAnswer): void {
    const resolve = this.probes.get(id);
    this.probes.delete(id);
    if (this.running.size === 0 && this.probes.size === 0) this.hold(false);
    resolve?.(answer);
  }

  /**
   * The launcher died: every program it was relaying is reported ended, every request it had not started is sent
   * once more (see {@link send}), and the next launch starts a new one.
   */
  private lost(child: ChildProcess): void {
    // Seen already: its exit, or a request that could not be sent to it.
    if (this.child !== child) return;
    this.child = undefined;
    this.ready = false;
    for (const id of [...this.probes.keys()]) this.answer(id, 'gone');
    const orphans = [...this.running];
    const started = new Set(this.started);
    const retryable = new Map(this.retryable);
    this.running.clear();
    this.started.clear();
    this.retryable.clear();
    for (const [id, events] of orphans) {
      const retry = retryable.get(id);
      if (started.has(id)) {
        events.exit(null, null);
        events.close();
      } else if (retry) this.send(retry.request, events, false, retry.sent, retry.cgroup);
      else events.error('the process launcher exited before starting the program');
    }
  }

  /** Keeps the event loop alive while programs run, and lets the process exit otherwise. */
  private hold(on: boolean): void {
    const child = this.child;
    if (!child) return;
    const channel = child.channel as { ref(): void; unref(): void } | undefined;
    if (on) {
      child.ref();
      channel?.ref();
    } else {
      child.unref();
      channel?.unref();
    }
  }
}

/** A message to a launcher that has gone: what it was relaying has been reported ended. */
const ignoreClosed = () => {};

/**
 * Launchers of this process. Forks of one launcher run one at a time, so a machine with more cores gets a second
 * once a run has started `SECOND_LAUNCHER_AFTER` programs: one launcher keeps up with programs that run for a while,
 * and a second one booting beside the run's start-up would only compete with it for the cores.
 */
const launchers: ProcessLauncher[] = [];
const SECOND_LAUNCHER_AFTER = 64;
let launches = 0;

function pool(): ProcessLauncher[] {
  if (launchers.length === 0) {
    const count = Math.min(2, availableParallelism());
    for (let i = 0; i < count; i++) launchers.push(new ProcessLauncher());
  }
  return launchers;
}

/**
 * Starts `request` through the least busy launcher that is ready (the first launcher while none is: a request
 * waits for the launcher it is sent to, so one still starting is no choice while another runs).
 */
export function launchProcess(request: LaunchRequest, events: LaunchEvents): Launched {
  const cgroup = launchCgroup(request.env);
  if (cgroup === 'ended') {
    // The execution this program belongs to has ended: nothing of it may start any more.
    queueMicrotask(() => events.error("the program's execution has ended"));
    return { abandonPipes: () => {}, releaseGroup: () => {} };
  }
  const all = pool();
  if (++launches >= SECOND_LAUNCHER_AFTER) for (const launcher of all) launcher.start();
  const ready = all.filter((launcher) => launcher.ready);
  const chosen = ready.length
    ? ready.reduce((best, launcher) => (launcher.load < best.load ? launcher : best))
    : all[0]!;
  if (!cgroup) return chosen.launch(request, events);
  // Once the program has its pid or its error, the launcher is out of the execution's cgroup: it may be killed.
  const settled =
    <A extends unknown[]>(then: (...args: A) => void) =>
    (...args: A) => {
      cgroup.settled();
      then(...args);
    };
  return chosen.launch(request, { ...events, pid: settled(events.pid), error: settled(events.error) }, cgroup);
}

/**
 * Starts the first launcher now rather than at the first launch: a launcher takes a Node start-up (tens of
 * milliseconds), which a caller that knows programs will run can spend while it loads its work. It keeps no process
 * alive, and is reused by every later launch. With `probeContainment`, it also makes the containment probe as soon as
 * it has booted (see startContainmentProbe): this process is then held until it has answered.
 */
export function prestartLaunchers({ probeContainment = false }: { probeContainment?: boolean } = {}): void {
  const first = pool()[0]!;
  first.start();
  // Made by the launcher as soon as it has booted, while this process loads; see startContainmentProbe.
  if (probeContainment) startContainmentProbe((paths) => first.probe(paths));
}
