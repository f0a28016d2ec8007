import { randomBytes } from 'node:crypto';

/**
 * What skill-eval prints under GitHub Actions, read as text and never as workflow commands, but for the annotations it
 * writes itself.
 *
 * The Actions runner reads workflow commands from every line a step prints, on stdout and stderr alike: `::name …::`
 * at the start of a line (after spaces), and the legacy `##[name …]` anywhere in one (actions/runner,
 * src/Runner.Common/ActionCommand.cs: `TryParseV2` trims and anchors, `TryParse` takes `message.IndexOf("##[")`;
 * src/Runner.Worker/ActionCommandManager.cs tries one, then the other). Case names, check values, answers, file paths
 * and diagnostics quote eval files and agents, so escaping each of them would leave the next one out. Instead the
 * gate switches command processing off for all skill-eval prints (`::stop-commands::<token>`, with a token made here
 * and never shown, which the runner then waits for as `::<token>::`), and on only around each write of `commands`.
 */
export interface WorkflowCommandGate {
  /** `stream`, where each write is read as workflow commands: commands are switched on for it, then off again. */
  commands(stream: NodeJS.WritableStream): NodeJS.WritableStream;
  /** Switches commands on for good, for what the step prints after skill-eval. */
  close(): void;
}

const newToken = (): string => `skill-eval-${randomBytes(16).toString('hex')}`;

/** A gate when `env` is a GitHub Actions step's; it has switched commands off on `stdout` when it returns. */
export function gateWorkflowCommands(
  env: Record<string, string | undefined>,
  stdout: NodeJS.WritableStream,
): WorkflowCommandGate | undefined {
  if (env.GITHUB_ACTIONS !== 'true') return undefined;
  let token = newToken();
  stdout.write(`::stop-commands::${token}\n`);
  let open = true;
  return {
    commands: (stream) =>
      new Proxy(stream, {
        get(target, property) {
          if (property !== 'write') {
            const value = Reflect.get(target, property, target);
            return typeof value === 'function' ? value.bind(target) : value;
          }
          return (chunk: unknown, ...rest: unknown[]) => {
            if (!open) return target.write(chunk as string, ...(rest as []));
            const text = String(chunk);
            const next = newToken();
            // One write: the runner reads a stream's lines in order, so nothing else lands while commands are on.
            const gated = `::${token}::\n${text}${text.endsWith('\n') ? '' : '\n'}::stop-commands::${next}\n`;
            token = next;
            return target.write(gated, ...(rest as []));
          };
        },
      }),
    close() {
      if (!open) return;
      open = false;
      stdout.write(`::${token}::\n`);
    },
  };
}
