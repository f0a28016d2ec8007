/**
 * The workflow commands a GitHub Actions runner would act on in a step's output, read as actions/runner reads it:
 * - a line ends at CR, LF or CRLF (src/Runner.Worker/Handlers/ProcessInvoker.cs reads with TextReader.ReadLine);
 * - `::name props::data` counts after leading white space (src/Runner.Common/ActionCommand.cs, `TryParseV2`: `TrimStart`,
 *   then `StartsWith("::")`), and the legacy `##[name props]data` anywhere in a line (`TryParse`:
 *   `message.IndexOf("##[")`), each only for a registered command name;
 * - after `::stop-commands::<token>` nothing counts until a command named `<token>`
 *   (src/Runner.Worker/ActionCommandManager.cs, `TryProcessCommand`).
 */
export interface RunnerCommand {
  command: string;
  properties: Record<string, string>;
  data: string;
}

const REGISTERED = new Set([
  'set-env',
  'set-output',
  'save-state',
  'add-mask',
  'add-path',
  'add-matcher',
  'remove-matcher',
  'debug',
  'notice',
  'warning',
  'error',
  'group',
  'endgroup',
  'echo',
  'stop-commands',
]);

const unescapeCommand = (text: string) =>
  text
    .replaceAll('%0D', '\r')
    .replaceAll('%0A', '\n')
    .replaceAll('%3A', ':')
    .replaceAll('%2C', ',')
    .replaceAll('%25', '%');

/** .NET's `TrimStart`: what `char.IsWhiteSpace` counts (U+0085 among it, U+FEFF not, unlike JavaScript's). */
const dotnetTrimStart = (line: string) =>
  line.replace(/^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/, '');

function parseV2(line: string, registered: Set<string>): RunnerCommand | undefined {
  const message = dotnetTrimStart(line);
  if (!message.startsWith('::')) return undefined;
  const end = message.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = message.slice(2, end);
  const space = info.indexOf(' ');
  const command = space < 0 ? info : info.slice(0, space);
  if (!registered.has(command)) return undefined;
  return {
    command,
    properties: properties(space < 0 ? '' : info.slice(space + 1), ','),
    data: unescapeCommand(message.slice(end + 2)),
  };
}

function parseV1(line: string, registered: Set<string>): RunnerCommand | undefined {
  const start = line.indexOf('##[');
  if (start < 0) return undefined;
  const close = line.indexOf(']', start);
  if (close < 0) return undefined;
  const info = line.slice(start + 3, close);
  const space = info.indexOf(' ');
  const command = space < 0 ? info : info.slice(0, space);
  if (!registered.has(command)) return undefined;
  return { command, properties: properties(space < 0 ? '' : info.slice(space + 1), ';'), data: line.slice(close + 1) };
}

function properties(text: string, separator: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const pair of text.split(separator)) {
    const at = pair.indexOf('=');
    if (at > 0) found[pair.slice(0, at).trim()] = unescapeCommand(pair.slice(at + 1));
  }
  return found;
}

/** What the runner acts on in `output` (stdout and stderr of the step), and whether commands are on at its end. */
export function runnerCommands(output: string): { commands: RunnerCommand[]; stopped: boolean } {
  return commandsOfLines(linesOf(output));
}

const linesOf = (text: string) => text.split(/\r\n|\r|\n/);

/** One write of a step, on its stream. */
export interface StepWrite {
  stream: 'stdout' | 'stderr';
  text: string;
}

/**
 * What the runner acts on in a step's two streams, taken in batches: each stream is read by a thread of its own into a
 * queue, and each time the runner wakes it takes what both queues hold and handles the stderr lines first, then the
 * stdout lines (src/Runner.Sdk/ProcessInvoker.cs, `ProcessOutput`; `StartReadStream` enqueues line by line). The
 * writes are in the order they were made; a batch ends after each line index in `cutAfter` (the lines of all writes
 * counted in that order), as the runner could have woken there.
 */
export function runnerCommandsInBatches(
  writes: readonly StepWrite[],
  cutAfter: ReadonlySet<number>,
): { commands: RunnerCommand[]; stopped: boolean } {
  const lines = writes.flatMap(({ stream, text }) =>
    linesOf(text.replace(/(\r\n|\r|\n)$/, '')).map((line) => ({ stream, line })),
  );
  const handled: string[] = [];
  let batch: typeof lines = [];
  const flush = () => {
    handled.push(...batch.filter((l) => l.stream === 'stderr').map((l) => l.line));
    handled.push(...batch.filter((l) => l.stream === 'stdout').map((l) => l.line));
    batch = [];
  };
  lines.forEach((line, index) => {
    batch.push(line);
    if (cutAfter.has(index)) flush();
  });
  flush();
  return commandsOfLines(handled);
}

/** The number of lines `runnerCommandsInBatches` counts in `writes`, for choosing where batches end. */
export const lineCount = (writes: readonly StepWrite[]) =>
  writes.reduce((n, { text }) => n + linesOf(text.replace(/(\r\n|\r|\n)$/, '')).length, 0);

function commandsOfLines(lines: readonly string[]): { commands: RunnerCommand[]; stopped: boolean } {
  const commands: RunnerCommand[] = [];
  let token: string | undefined;
  for (const line of lines) {
    const registered = token ? new Set([...REGISTERED, token]) : REGISTERED;
    const command = parseV2(line, registered) ?? parseV1(line, registered);
    if (!command) continue;
    if (token) {
      if (command.command === token) token = undefined;
      continue;
    }
    if (command.command === 'stop-commands') token = command.data;
    else commands.push(command);
  }
  return { commands, stopped: token !== undefined };
}
