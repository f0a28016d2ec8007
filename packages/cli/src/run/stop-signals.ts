import { constants } from 'node:os';
import { killLiveProcessGroups } from '@skill-eval/engine-kit/process-groups';

/** Signals that stop a run the way Ctrl-C does. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** The shell's status for a process ended by `signal`: 130 for SIGINT, 143 for SIGTERM. */
export const exitStatusOf = (signal: NodeJS.Signals): number => 128 + constants.signals[signal];

/** A run's stop signals while it is listening to them. */
export interface StopSignals {
  /** Aborted by the first stop signal. */
  signal: AbortSignal;
  /** The signal that stopped the run, if one did. */
  stoppedBy(): NodeJS.Signals | undefined;
  /** Stops listening. */
  close(): void;
}

/**
 * Ctrl-C, or SIGTERM from a CI runner cancelling the job or a container stopping: the running executions (and the
 * agents' process groups) are stopped and a partial summary written; the same signal again quits at once.
 */
export function listenForStopSignals(stderr: NodeJS.WritableStream): StopSignals {
  const interrupt = new AbortController();
  let stoppedBy: NodeJS.Signals | undefined;
  const onStopSignal = (signal: NodeJS.Signals) => {
    if (interrupt.signal.aborted) {
      // Quitting at once leaves nothing running: agents, setup services and teardown commands go with the run.
      killLiveProcessGroups();
      process.exit(exitStatusOf(signal));
    }
    stoppedBy = signal;
    const again = signal === 'SIGINT' ? 'Ctrl-C again' : `${signal} again`;
    stderr.write(
      `\nInterrupted (${signal}): stopping running executions and writing a partial summary (${again} to quit now).\n`,
    );
    interrupt.abort();
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onStopSignal);
  return {
    signal: interrupt.signal,
    stoppedBy: () => stoppedBy,
    close: () => {
      for (const signal of STOP_SIGNALS) process.off(signal, onStopSignal);
    },
  };
}
