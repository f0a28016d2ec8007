import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FakeStream } from '../test-support/fake-stream.js';
import { renderScreen } from '../test-support/virtual-terminal.js';
import { LiveDisplay } from './live-display.js';

/** An 80×24 terminal, and a stderr beside the frame's stdout that writes to it too: both end up on the one screen. */
function oneTerminal(): { terminal: FakeStream; stderr: Writable } {
  const terminal = new FakeStream(true, { columns: 80, rows: 24 });
  const stderr = new Writable({
    write(chunk, _encoding, callback) {
      terminal.write(chunk, callback);
    },
  });
  return { terminal, stderr };
}

describe('LiveDisplay', () => {
  it('puts what another stream writes to the same terminal above the frame, and leaves no frame behind', async () => {
    const { terminal, stderr } = oneTerminal();
    let done = 0;
    const display = await LiveDisplay.open(terminal, () => `⠋ ${done}/2 done\n  ▸ greets [claude-code]`, stderr);
    display.start();
    stderr.write('\nInterrupted (SIGINT): stopping running executions.\n');
    done = 1;
    display.persist('! ERROR greets [claude-code] (INTERRUPTED)');
    display.stop();
    const screen = await renderScreen(terminal.text, 80, 24);
    expect(screen).toContain('Interrupted (SIGINT): stopping running executions.');
    expect(screen).toContain('! ERROR greets [claude-code] (INTERRUPTED)');
    expect(screen.filter((line) => /done|▸/.test(line))).toEqual([]);
    // Once stopped, the other stream writes as it did.
    const before = terminal.text.length;
    stderr.write('after\n');
    expect(terminal.text.slice(before)).toBe('after\n');
  });

  it('lets its own drawing write to the other stream (log-update hides the cursor there) without redrawing', async () => {
    const { terminal, stderr } = oneTerminal();
    let frames = 0;
    const display = await LiveDisplay.open(
      terminal,
      () => {
        frames += 1;
        stderr.write('\u001b[?25l');
        return '⠋ 0/1 done';
      },
      stderr,
    );
    display.start();
    display.stop();
    expect(frames).toBe(1);
  });
});
