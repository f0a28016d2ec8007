/**
 * Calls `onSilence` whenever `intervalMs` pass without `touch()`, until `stop()`: a log then hears from a run at least
 * that often, however long its executions take. The timer never keeps the process alive.
 */
export class SilenceTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly intervalMs: number,
    private readonly onSilence: () => void,
  ) {}

  /** Something was printed: the silence starts again from now. */
  touch(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.onSilence();
      this.touch();
    }, this.intervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
