import type { Socket } from 'node:net';
import type { LaunchRequest } from '@skill-eval/engine-kit/process-launcher';

/**
 * What the supervisor is asked to run: a program as the process launcher takes one, its working directory inside and
 * its whole environment but PATH (the container's own is used).
 */
export interface SupervisedRequest extends Pick<LaunchRequest, 'file' | 'args' | 'argv0' | 'cwd' | 'env' | 'stdin'> {
  /** Leave what it started in the background running after it exits (a setup step's service). */
  keepGroup?: boolean;
}

/** What the supervisor says of one program (see supervisor-script.ts). */
export interface ProgramEvent {
  type: 'stdout' | 'stderr' | 'exit' | 'error';
  /** Base64 output. */
  data?: string;
  code?: number | null;
  signal?: NodeJS.Signals | null;
  message?: string;
}

/** Hears one program's events, and that the supervisor is gone (the container ended) if it goes first. */
export interface ProgramListener {
  event(event: ProgramEvent): void;
  gone(): void;
}

/**
 * The harness's side of a container's lifeline: the one connection its supervisor made before anything else ran in
 * the container. It carries the supervisor's `ready`, then the programs the harness asks it to run, each under an id
 * of the harness's, and their output back. Nothing a program inside does to the mounted control folder reaches it: no
 * program is ever started through a file a program could replace.
 */
export class SupervisorChannel {
  private socket: Socket | undefined;
  private pending = '';
  private nextId = 1;
  private readonly listeners = new Map<number, ProgramListener>();
  private closed = false;
  private readyNow: (() => void) | undefined;
  /** Resolves once the supervisor has said `ready`. */
  readonly readySeen = new Promise<void>((resolve) => {
    this.readyNow = resolve;
  });

  /** Takes the supervisor's connection (the lifeline's first): what it says comes here from now on. */
  attach(socket: Socket): void {
    this.socket = socket;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.heard(chunk));
    // A connection that breaks closes too, which is what counts.
    socket.on('error', () => {});
    socket.on('close', () => this.close());
  }

  /** Starts a program; its events go to `listener` until its `exit` or `error`. Returns its id, for `kill`. */
  run(request: SupervisedRequest, listener: ProgramListener): number {
    const id = this.nextId++;
    if (this.closed || !this.socket) {
      queueMicrotask(() => listener.gone());
      return id;
    }
    this.listeners.set(id, listener);
    this.socket.write(`${JSON.stringify({ ...request, type: 'run', id })}\n`);
    return id;
  }

  /** Kills the program's process group inside. */
  kill(id: number): void {
    if (this.listeners.has(id) && this.socket && !this.socket.destroyed)
      this.socket.write(`${JSON.stringify({ type: 'kill', id })}\n`);
  }

  /** Stops listening for a program (the harness gave up on it after a kill). */
  forget(id: number): void {
    this.listeners.delete(id);
  }

  /** The lifeline is closed: every program still listened for hears that the supervisor is gone. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const left = [...this.listeners.values()];
    this.listeners.clear();
    for (const listener of left) listener.gone();
  }

  private heard(chunk: string): void {
    this.pending += chunk;
    let newline = this.pending.indexOf('\n');
    while (newline >= 0) {
      const line = this.pending.slice(0, newline);
      this.pending = this.pending.slice(newline + 1);
      this.line(line);
      newline = this.pending.indexOf('\n');
    }
  }

  private line(line: string): void {
    if (line === 'ready') {
      this.readyNow?.();
      return;
    }
    let message: ProgramEvent & { id?: unknown };
    try {
      message = JSON.parse(line) as ProgramEvent & { id?: unknown };
    } catch {
      return;
    }
    const listener = typeof message.id === 'number' ? this.listeners.get(message.id) : undefined;
    if (!listener) return;
    if (message.type === 'exit' || message.type === 'error') this.listeners.delete(message.id as number);
    listener.event(message);
  }
}
