import type { createLogUpdate } from 'log-update';

/**
 * The spinner the frame ticks through: cli-spinners' `dots`, written out (that package is a table of some 90 spinners,
 * 32 kB that every run loaded for this one).
 */
const SPINNER = { interval: 80, frames: ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'] };

/** A frame redrawn in place (log-update) with a ticking spinner, and lines persisted above it. */
export class LiveDisplay {
  private timer: NodeJS.Timeout | undefined;
  private tick = 0;
  private unshare: (() => void) | undefined;
  /** Inside a draw of our own: log-update writes to the other stream itself (it hides the cursor through stderr). */
  private drawing = false;

  private constructor(
    private readonly stream: NodeJS.WritableStream,
    private readonly frame: (spinner: string, width: number) => string,
    private readonly update: ReturnType<typeof createLogUpdate>,
    private readonly sharing: NodeJS.WritableStream | undefined,
  ) {}

  /**
   * A display on `stream`; `frame` builds the frame for a spinner glyph and a terminal width. log-update (and the
   * text-width tables it loads) is imported here, on use: runs without a terminal never draw a frame. `sharing` is
   * another stream writing to the same terminal (by default the other of stdout and stderr, when it is a terminal):
   * what it writes while the frame is up goes above the frame.
   */
  static async open(
    stream: NodeJS.WritableStream,
    frame: (spinner: string, width: number) => string,
    sharing: NodeJS.WritableStream | undefined = terminalSharedWith(stream),
  ): Promise<LiveDisplay> {
    const { createLogUpdate } = await import('log-update');
    // log-update hides the cursor through process.stderr; only do that when we draw on the real terminal.
    const ownTerminal = stream === process.stdout || stream === process.stderr;
    return new LiveDisplay(stream, frame, createLogUpdate(stream, { showCursor: !ownTerminal }), sharing);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.tick += 1;
      this.render();
    }, SPINNER.interval);
    // The elapsed-time ticker must never keep the process alive on its own.
    this.timer.unref();
    this.shareTerminal();
    this.render();
  }

  render(): void {
    const frames = SPINNER.frames;
    this.draw(() => this.update(this.frame(frames[this.tick % frames.length] ?? '', this.width())));
  }

  /** Writes a line that stays in the scrollback, then redraws the frame below it. */
  persist(line: string): void {
    this.draw(() => this.update.persist(line));
    if (this.timer) this.render();
  }

  /** Stops ticking and erases the frame, leaving the cursor where the frame began. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.unshare?.();
    this.unshare = undefined;
    this.draw(() => {
      this.update.clear();
      this.update.done();
    });
  }

  private draw(steps: () => void): void {
    const outer = this.drawing;
    this.drawing = true;
    try {
      steps();
    } finally {
      this.drawing = outer;
    }
  }

  /**
   * Text written to the terminal behind log-update's back (the run's "Interrupted" notice on stderr) would land in
   * the middle of the frame: the next redraw would erase it and leave the old frame behind. While the frame is up,
   * such a write erases the frame first and draws it again below the text.
   */
  private shareTerminal(): void {
    const other = this.sharing;
    if (!other || this.unshare) return;
    const write = other.write;
    other.write = ((...args: Parameters<typeof write>) => {
      if (this.drawing) return write.apply(other, args);
      this.draw(() => this.update.clear());
      const written = write.apply(other, args);
      this.render();
      return written;
    }) as typeof write;
    this.unshare = () => {
      other.write = write;
    };
  }

  private width(): number {
    return (this.stream as { columns?: number }).columns || 80;
  }
}

/** The other of stdout and stderr when it writes to a terminal too: in practice, the same terminal. */
function terminalSharedWith(stream: NodeJS.WritableStream): NodeJS.WritableStream | undefined {
  const other = stream === process.stdout ? process.stderr : stream === process.stderr ? process.stdout : undefined;
  return other?.isTTY ? other : undefined;
}
