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

/**
 * A gate when `env` is a GitHub Actions step's; it has switched commands off when it returns, on stderr and — unless
 * stdout carries JSON alone (`--json`, see {@link inertJson}) — on stdout too, with one token: the runner reads both
 * streams, each in order, and takes the first stop it reads; the other is then an unknown command, ignored.
 */
export function gateWorkflowCommands(
  env: Record<string, string | undefined>,
  streams: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream },
  options: { jsonOut?: boolean } = {},
): WorkflowCommandGate | undefined {
  if (env.GITHUB_ACTIONS !== 'true') return undefined;
  let token = newToken();
  streams.stderr.write(`::stop-commands::${token}\n`);
  if (!options.jsonOut) streams.stdout.write(`::stop-commands::${token}\n`);
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
      // On the stream the runner handles last: it takes each batch's stderr lines before its stdout lines
      // (src/Runner.Sdk/ProcessInvoker.cs, `ProcessOutput`), so a switch on stderr would be handled before stdout lines
      // printed earlier in the same batch — the last case names of `list`, say. A stdout of JSON alone holds no command.
      (options.jsonOut ? streams.stderr : streams.stdout).write(`::${token}::\n`);
    },
  };
}

/**
 * JSON printed on a gated step's stdout, inert without a stop line of its own (stdout must hold the JSON alone): a
 * `::` command cannot start one of its lines (a string never does), and the legacy `##[`, which the runner takes
 * anywhere in a line, is written `#\u0023[` — the same string to any JSON reader.
 */
export const inertJson = (json: string): string => json.replaceAll('##[', '#\\u0023[');
