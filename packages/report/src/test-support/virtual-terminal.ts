import xterm from '@xterm/headless';

/**
 * What a person would see after `output` is written to a terminal: the lines of the screen and scrollback,
 * as rendered by a real terminal emulator (soft-wrapped lines joined), so in-place redraws are checked by their result.
 */
export async function renderScreen(output: string, cols = 160, rows = 40): Promise<string[]> {
  // A TTY turns `\n` into CR LF (onlcr); convertEol does the same here.
  const terminal = new xterm.Terminal({ cols, rows, scrollback: 5000, convertEol: true, allowProposedApi: true });
  await new Promise<void>((resolve) => terminal.write(output, resolve));
  const buffer = terminal.buffer.active;
  const lines: string[] = [];
  for (let index = 0; index < buffer.length; index++) {
    const line = buffer.getLine(index);
    const text = line?.translateToString(true) ?? '';
    // A line the terminal soft-wrapped continues the previous one.
    if (line?.isWrapped && lines.length > 0) lines[lines.length - 1] += text;
    else lines.push(text);
  }
  terminal.dispose();
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  return lines;
}
