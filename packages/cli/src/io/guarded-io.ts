import type { InertCommandText } from './inert-command-text.js';
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
  const raw = io.raw ?? { stdout: io.stdout, stderr: io.stderr };
  /** In a GitHub Actions step, each stream's text made inert to the runner (inert-command-text.ts), raw or not. */
  const inert = new Map<NodeJS.WritableStream, InertCommandText>();
  const guarded = <S extends NodeJS.WritableStream>(stream: S, cleaned: () => (text: string) => string): S =>
    // Everything but `write` (isTTY, columns, events, end) is the stream's own.
    new Proxy(stream, {
      get(target, property) {
        if (property === 'write') {
          return (chunk: unknown, ...rest: unknown[]) => {
            if (typeof chunk !== 'string' && !Buffer.isBuffer(chunk))
              return target.write(chunk as string, ...(rest as []));
            const text = cleaned()(chunk.toString());
            return target.write(inert.get(target)?.inert(text) ?? text, ...(rest as []));
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const asIs = () => (text: string) => text;
  let gate: WorkflowCommandGate | undefined;
  const armed: GuardedIO = {
    ...io,
    stdout: guarded(io.stdout, () => cleanStdout),
    stderr: guarded(io.stderr, () => clean),
    raw: { stdout: guarded(raw.stdout, asIs), stderr: guarded(raw.stderr, asIs) },
    async arm(options = {}) {
      // Loaded when a command runs: --version and --help load no more than the CLI itself.
      const { redactorOf, terminalText } = await import('@skill-eval/core');
      const redact = redactorOf(io.env);
      clean = (text) => terminalText(redact.text(text));
      // Only in a GitHub Actions step: elsewhere no command loads the gate (nor node:crypto, its tokens').
      if (io.env.GITHUB_ACTIONS === 'true') {
        const [{ gateWorkflowCommands, inertJson }, { InertCommandText }] = await Promise.all([
          import('./workflow-command-gate.js'),
          import('./inert-command-text.js'),
        ]);
        for (const stream of new Set([io.stdout, io.stderr, raw.stdout, raw.stderr])) {
          inert.set(stream, new InertCommandText());
        }
        gate = gateWorkflowCommands(io.env, io, options);
        if (!gate) return;
        const opened = gate;
        // The annotations skill-eval writes itself, to the stream as given: the one text the runner is to act on.
        armed.workflowCommands = (stream) => {
          const target = stream === armed.raw!.stderr || stream === armed.stderr ? raw.stderr : raw.stdout;
          const commands = opened.commands(target);
          return new Proxy(commands, {
            get(proxied, property) {
              if (property !== 'write') return Reflect.get(proxied, property, proxied);
              return (chunk: unknown, ...rest: unknown[]) => {
                const written = proxied.write(chunk as string, ...(rest as []));
                // A gated write ends its last line: the stream is at a line's start again.
                inert.get(target)?.reset();
                return written;
              };
            },
          });
        };
        if (options.jsonOut) cleanStdout = (text) => inertJson(clean(text));
      }
    },
    disarm() {
      gate?.close();
    },
  };
  return armed;
}
