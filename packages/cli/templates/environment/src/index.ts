import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import {
  defineEnvironment,
  type ProcessOutcome,
  type ProcessSpec,
  type Sandbox,
  SkillEvalError,
} from '@skill-eval/core';

const ID = '__name__';

/** Kills a program's whole process group; nothing when it is gone already. */
function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {}
}

/**
 * Runs one program on this machine, in its own process group, with exactly `spec.env`: stdout line by line, the
 * group killed at the deadline, on abort, when `onLine` says stop, and when the program ends (unless `keepGroup`).
 */
function runLocally(spec: ProcessSpec, running: Set<ChildProcess>): Promise<ProcessOutcome> {
  const outcome: ProcessOutcome = {
    exitCode: null,
    timedOut: false,
    aborted: false,
    stopped: false,
    stderrTail: '',
    cutLines: 0,
  };
  const child = spawn(spec.file, [...spec.args], {
    cwd: spec.cwd,
    env: spec.env,
    detached: true,
    stdio: [spec.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    ...(spec.argv0 ? { argv0: spec.argv0 } : {}),
  });
  running.add(child);
  const stop = (why: 'timedOut' | 'aborted' | 'stopped') => {
    outcome[why] = true;
    killGroup(child);
  };
  const timer = setTimeout(() => stop('timedOut'), Math.max(0, spec.deadline - Date.now()));
  const onAbort = () => stop('aborted');
  if (spec.signal?.aborted) onAbort();
  spec.signal?.addEventListener('abort', onAbort);
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const max = spec.maxLineLength;
    if (max !== undefined && line.length > max) outcome.cutLines++;
    if (!outcome.stopped && spec.onLine(max === undefined ? line : line.slice(0, max)) === 'stop') stop('stopped');
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    outcome.stderrTail = (outcome.stderrTail + chunk.toString()).slice(-4000);
  });
  child.stdin?.on('error', () => {}); // a program that exits without reading its stdin
  child.stdin?.end(spec.stdin);
  return new Promise((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onAbort);
      if (!spec.keepGroup) killGroup(child);
      else running.add(child);
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

export default defineEnvironment({
  contract: 'environment-v1',
  id: ID,
  description: 'Runs each execution on this machine, each program in its own process group.',
  parseSettings(raw) {
    if (raw !== undefined && (typeof raw !== 'object' || raw === null || Object.keys(raw).length > 0)) {
      throw new SkillEvalError('BAD_INPUT', `${ID} takes no settings.`);
    }
    return {};
  },
  create: () => ({
    id: ID,
    async open(request): Promise<Sandbox> {
      const running = new Set<ChildProcess>();
      return {
        info: { environment: ID, startMs: 0 },
        workspace: request.workspace,
        env: {},
        run: (spec) => runLocally(spec, running),
        // What a program left running (a setup step's service, kept with keepGroup) goes with the sandbox.
        async close() {
          for (const child of running) killGroup(child);
          running.clear();
        },
      };
    },
  }),
});
