import cliSpinners from 'cli-spinners';
import type { createLogUpdate } from 'log-update';

/** A frame redrawn in place (log-update) with a ticking spinner, and lines persisted above it. */
export class LiveDisplay {
  private timer: NodeJS.Timeout | undefined;
  private tick = 0;

  private constructor(
    private readonly stream: NodeJS.WritableStream,
    private readonly frame: (spinner: string, width: number) => string,
    private readonly update: ReturnType<typeof createLogUpdate>,
  ) {}

  /**
   * A display on `stream`; `frame` builds the frame for a spinner glyph and a terminal width. log-update (and the
   * text-width tables it loads) is imported here, on use: runs without a terminal never draw a frame.
   */
  static async open(
    stream: NodeJS.WritableStream,
    frame: (spinner: string, width: number) => string,
  ): Promise<LiveDisplay> {
    const { createLogUpdate } = await import('log-update');
    // log-update hides the cursor through process.stderr; only do that when we draw on the real terminal.
    const ownTerminal = stream === process.stdout || stream === process.stderr;
    return new LiveDisplay(stream, frame, createLogUpdate(stream, { showCursor: !ownTerminal }));
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.tick += 1;
      this.render();
    }, cliSpinners.dots.interval);
    // The elapsed-time ticker must never keep the process alive on its own.
    this.timer.unref();
    this.render();
  }

  render(): void {
    const frames = cliSpinners.dots.frames;
    this.update(this.frame(frames[this.tick % frames.length] ?? '', this.width()));
  }

  /** Writes a line that stays in the scrollback, then redraws the frame below it. */
  persist(line: string): void {
    this.update.persist(line);
    if (this.timer) this.render();
  }

  /** Stops ticking and erases the frame, leaving the cursor where the frame began. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.update.clear();
    this.update.done();
  }

  private width(): number {
    return (this.stream as { columns?: number }).columns || 80;
  }
}
