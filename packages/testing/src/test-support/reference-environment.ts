import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { defineEnvironment, type EnvironmentPlugin, type ProcessOutcome, type ProcessSpec } from '@skill-eval/core';

/** Defects to build into the reference environment, so tests can show the environment conformance suite catches them. */
export interface EnvironmentDefects {
  /** Lays the host's environment under the one asked for. */
  inheritsHostEnv?: boolean;
  /** Lets a program run past its deadline. */
  ignoresDeadline?: boolean;
  /** Leaves what a program started in the background running when it exits. */
  leavesGroup?: boolean;
  /** Keeps delivering lines after `onLine` said stop. */
  deliversAfterStop?: boolean;
}

/** Kills a program's whole process group. */
const kill = (child: ChildProcess) => {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {}
};

/** Runs a program on the host in its own process group, as ProcessSpec asks (or with the defects asked for). */
function run(spec: ProcessSpec, kept: Set<ChildProcess>, defects: EnvironmentDefects): Promise<ProcessOutcome> {
  const outcome: ProcessOutcome = {
    exitCode: null,
    timedOut: false,
    aborted: false,
    stopped: false,
    stderrTail: '',
    cutLines: 0,
  };
  const env = defects.inheritsHostEnv ? { ...process.env, ...spec.env } : spec.env;
  const stdin = spec.stdin === undefined ? 'ignore' : 'pipe';
  const child = spawn(spec.file, [...spec.args], {
    cwd: spec.cwd,
    env,
    detached: true,
    stdio: [stdin, 'pipe', 'pipe'],
  });
  const stop = (why: 'timedOut' | 'aborted' | 'stopped') => {
    outcome[why] = true;
    kill(child);
  };
  const deadline = spec.deadline + (defects.ignoresDeadline ? 8000 : 0);
  const timer = setTimeout(() => stop('timedOut'), Math.max(0, deadline - Date.now()));
  const onAbort = () => stop('aborted');
  spec.signal?.addEventListener('abort', onAbort);
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if ((!outcome.stopped || defects.deliversAfterStop) && spec.onLine(line) === 'stop') stop('stopped');
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    outcome.stderrTail = (outcome.stderrTail + chunk.toString()).slice(-4000);
  });
  child.stdin?.on('error', () => {});
  child.stdin?.end(spec.stdin);
  return new Promise((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onAbort);
      if (spec.keepGroup) kept.add(child);
      else if (!defects.leavesGroup) kill(child);
      resolve(outcome);
    };
    child.on('error', (error) => {
      outcome.spawnError = error.message;
      settle();
    });
    child.on('close', (code, signal) => {
      outcome.exitCode = code;
      if (signal) outcome.signal = signal;
      settle();
    });
  });
}

/** An environment that runs each execution on the host, for testing the environment conformance suite. */
export function referenceEnvironment(defects: EnvironmentDefects = {}): EnvironmentPlugin<unknown> {
  return defineEnvironment({
    contract: 'environment-v1',
    id: 'reference-host',
    description: 'Runs programs on the host, each in its own process group.',
    parseSettings: () => ({}),
    create: () => ({
      id: 'reference-host',
      async open(request) {
        const kept = new Set<ChildProcess>();
        return {
          info: { environment: 'reference-host', startMs: 0 },
          workspace: request.workspace,
          env: {},
          run: (spec) => run(spec, kept, defects),
          async close() {
            for (const child of kept) kill(child);
            kept.clear();
          },
        };
      },
    }),
  });
}
