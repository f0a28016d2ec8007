import { connect } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import type { ProcessOutcome, ProcessSpec } from '@skill-eval/core';
import { createLineSplitter, MAX_LINE_LENGTH } from '@skill-eval/engine-kit';
import type { LaunchRequest } from '@skill-eval/engine-kit/process-launcher';

const STDERR_TAIL = 4000;
/** How long a killed program may take to report its end before the connection is dropped (which kills it too). */
const KILL_GRACE_MS = 2000;

/**
 * What the supervisor is asked to run: a program as the process launcher takes one, its working directory inside and
 * its whole environment but PATH (the container's own is used).
 */
export interface SupervisedRequest extends Pick<LaunchRequest, 'file' | 'args' | 'argv0' | 'cwd' | 'env' | 'stdin'> {
  /** Leave what it started in the background running after it exits (a setup step's service). */
  keepGroup?: boolean;
}

/**
 * Runs one program through a container's supervisor (see supervisor-script.ts) on its `exec.sock`, with the contract
 * of a local process group: stdout by line, the deadline, the abort signal and `'stop'` from `onLine` kill the whole
 * group inside, and the outcome says which.
 */
export function runSupervised(
  socket: string,
  request: SupervisedRequest,
  spec: Pick<ProcessSpec, 'deadline' | 'signal' | 'onLine' | 'maxLineLength'>,
): Promise<ProcessOutcome> {
  return new Promise((resolve) => {
    const flags = { timedOut: false, aborted: false, stopped: false };
    let stderr = '';
    let spawnError: string | undefined;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let killed = false;
    let graceTimer: NodeJS.Timeout | undefined;
    const conn = connect(socket);
    const out = new StringDecoder('utf8');
    const err = new StringDecoder('utf8');
    const lines = createLineSplitter(spec.maxLineLength ?? MAX_LINE_LENGTH, (line) => {
      if (!flags.stopped && spec.onLine(line) === 'stop') kill('stopped');
    });
    function kill(why: keyof typeof flags) {
      flags[why] = true;
      if (killed) return;
      killed = true;
      if (!conn.destroyed) conn.write('{"type":"kill"}\n');
      graceTimer = setTimeout(() => conn.destroy(), KILL_GRACE_MS);
    }
    const deadline = setTimeout(() => kill('timedOut'), Math.max(0, spec.deadline - Date.now()));
    const onAbort = () => kill('aborted');
    if (spec.signal?.aborted) onAbort();
    else spec.signal?.addEventListener('abort', onAbort, { once: true });

    let pending = '';
    conn.setEncoding('utf8');
    conn.on('connect', () => conn.write(`${JSON.stringify({ type: 'run', ...request })}\n`));
    conn.on('data', (chunk: string) => {
      pending += chunk;
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        const event = JSON.parse(pending.slice(0, newline)) as {
          type: string;
          data?: string;
          code?: number | null;
          signal?: NodeJS.Signals | null;
          message?: string;
        };
        pending = pending.slice(newline + 1);
        if (event.type === 'stdout') lines.push(out.write(Buffer.from(event.data ?? '', 'base64')));
        else if (event.type === 'stderr') {
          stderr = (stderr + err.write(Buffer.from(event.data ?? '', 'base64'))).slice(-STDERR_TAIL);
        } else if (event.type === 'exit') exit = { code: event.code ?? null, signal: event.signal ?? null };
        else if (event.type === 'error') spawnError = event.message ?? 'the program could not start';
        newline = pending.indexOf('\n');
      }
    });
    conn.on('error', (error) => {
      spawnError ??= `the container's supervisor did not answer: ${error.message}`;
    });
    conn.on('close', () => {
      clearTimeout(deadline);
      clearTimeout(graceTimer);
      spec.signal?.removeEventListener('abort', onAbort);
      lines.push(out.end());
      lines.end();
      resolve({
        exitCode: killed ? null : (exit?.code ?? null),
        ...(exit?.signal ? { signal: exit.signal } : killed ? { signal: 'SIGKILL' as const } : {}),
        ...flags,
        stderrTail: (stderr + err.end()).trim(),
        ...(spawnError !== undefined && !exit ? { spawnError } : {}),
        cutLines: lines.cutLines,
      });
    });
  });
}
