import type { CommandIO } from './io.js';
import type { WorkflowCommandGate } from './workflow-command-gate.js';

/** A CommandIO whose stdout and stderr are guarded once `arm` has run. */
export interface GuardedIO extends CommandIO {
  /**
   * Loads the guard (core's redactor and terminalText) and, in a GitHub Actions step, switches workflow commands off
   * (see workflow-command-gate.ts): before a command runs, never for --version or --help. `jsonOut`: the command's
   * stdout carries JSON alone (`--json`).
   */
  arm(options?: { jsonOut?: boolean }): Promise<void>;
  /** Switches workflow commands on again, once the command has printed all it prints. */
  disarm(): void;
}

/**
 * `io` whose stdout and stderr print nothing secret and no control sequence: every text written — diagnostics that
 * quote an eval file, error messages, lists of cases, warnings — has the secrets of the environment replaced and its
 * control characters made visible. The streams as given stay in `io.raw`, for what makes its output safe itself (the
 * console reporters, whose colours and redrawn frames are their own, see terminalSafeReporter).
 */
export function guardedIO(io: CommandIO): GuardedIO {
  let clean = (text: string) => text;
  let cleanStdout = (text: string) => clean(text);
  const guarded = <S extends NodeJS.WritableStream>(stream: S, cleaned: () => (text: string) => string): S =>
    // Everything but `write` (isTTY, columns, events, end) is the stream's own.
    new Proxy(stream, {
      get(target, property) {
        if (property === 'write') {
          return (chunk: unknown, ...rest: unknown[]) =>
            target.write(
              (typeof chunk === 'string' || Buffer.isBuffer(chunk) ? cleaned()(chunk.toString()) : chunk) as string,
              ...(rest as []),
            );
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  let gate: WorkflowCommandGate | undefined;
  const armed: GuardedIO = {
    ...io,
    stdout: guarded(io.stdout, () => cleanStdout),
    stderr: guarded(io.stderr, () => clean),
    raw: io.raw ?? { stdout: io.stdout, stderr: io.stderr },
    async arm(options = {}) {
      // Loaded when a command runs: --version and --help load no more than the CLI itself.
      const { redactorOf, terminalText } = await import('@skill-eval/core');
      const redact = redactorOf(io.env);
      clean = (text) => terminalText(redact.text(text));
      // Only in a GitHub Actions step: elsewhere no command loads the gate (nor node:crypto, its tokens').
      if (io.env.GITHUB_ACTIONS === 'true') {
        const { gateWorkflowCommands, inertJson } = await import('./workflow-command-gate.js');
        gate = gateWorkflowCommands(io.env, io, options);
        if (gate) armed.workflowCommands = gate.commands;
        if (gate && options.jsonOut) cleanStdout = (text) => inertJson(clean(text));
      }
    },
    disarm() {
      gate?.close();
    },
  };
  return armed;
}
