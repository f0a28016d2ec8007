import { StringDecoder } from 'node:string_decoder';
import type { ProcessOutcome, ProcessSpec } from '@skill-eval/core';
import { createLineSplitter, MAX_LINE_LENGTH } from '@skill-eval/engine-kit';
import type { ProgramEvent, SupervisedRequest, SupervisorChannel } from './supervisor-channel.js';

const STDERR_TAIL = 4000;
/** How long a killed program may take to report its end before the harness stops waiting for it. */
const KILL_GRACE_MS = 2000;

/**
 * Runs one program through a container's supervisor (see supervisor-script.ts) on its lifeline, with the contract of
 * a local process group: stdout by line, the deadline, the abort signal and `'stop'` from `onLine` kill the whole
 * group inside, and the outcome says which.
 */
export function runSupervised(
  supervisor: SupervisorChannel,
  request: SupervisedRequest,
  spec: Pick<ProcessSpec, 'deadline' | 'signal' | 'onLine' | 'maxLineLength'>,
): Promise<ProcessOutcome> {
  return new Promise((resolve) => {
    const flags = { timedOut: false, aborted: false, stopped: false };
    let stderr = '';
    let spawnError: string | undefined;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let killed = false;
    let done = false;
    let graceTimer: NodeJS.Timeout | undefined;
    const out = new StringDecoder('utf8');
    const err = new StringDecoder('utf8');
    const lines = createLineSplitter(spec.maxLineLength ?? MAX_LINE_LENGTH, (line) => {
      if (!flags.stopped && spec.onLine(line) === 'stop') kill('stopped');
    });
    function kill(why: keyof typeof flags) {
      flags[why] = true;
      if (killed) return;
      killed = true;
      supervisor.kill(id);
      graceTimer = setTimeout(() => {
        supervisor.forget(id);
        end();
      }, KILL_GRACE_MS);
    }
    const deadline = setTimeout(() => kill('timedOut'), Math.max(0, spec.deadline - Date.now()));
    const onAbort = () => kill('aborted');

    function end() {
      if (done) return;
      done = true;
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
    }
    const event = (said: ProgramEvent) => {
      if (said.type === 'stdout') lines.push(out.write(Buffer.from(said.data ?? '', 'base64')));
      else if (said.type === 'stderr')
        stderr = (stderr + err.write(Buffer.from(said.data ?? '', 'base64'))).slice(-STDERR_TAIL);
      else if (said.type === 'exit') {
        exit = { code: said.code ?? null, signal: said.signal ?? null };
        end();
      } else if (said.type === 'error') {
        spawnError = said.message ?? 'the program could not start';
        end();
      }
    };
    const id = supervisor.run(request, {
      event,
      gone: () => {
        spawnError ??= "the container's supervisor is gone";
        end();
      },
    });
    if (spec.signal?.aborted) onAbort();
    else spec.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
