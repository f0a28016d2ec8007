/**
 * The workflow commands a GitHub Actions runner would act on in a step's output, read as actions/runner reads it:
 * - a line ends at CR, LF or CRLF (src/Runner.Worker/Handlers/ProcessInvoker.cs reads with TextReader.ReadLine);
 * - `::name props::data` counts after leading spaces (src/Runner.Common/ActionCommand.cs, `TryParseV2`: `TrimStart`,
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

function parseV2(line: string, registered: Set<string>): RunnerCommand | undefined {
  const message = line.trimStart();
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
  const commands: RunnerCommand[] = [];
  let token: string | undefined;
  for (const line of output.split(/\r\n|\r|\n/)) {
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
