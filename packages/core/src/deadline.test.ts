import { describe, expect, it } from 'vitest';
import { deadlineSignal } from './deadline.js';

describe('deadlineSignal', () => {
  it('aborts when the time is up', async () => {
    const { signal, dispose } = deadlineSignal(30);
    expect(signal.aborted).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).name).toBe('TimeoutError');
    dispose();
  });

  it('aborts with the parent, and not at all once disposed', async () => {
    const parent = new AbortController();
    const first = deadlineSignal(10_000, parent.signal);
    parent.abort(new Error('stop'));
    expect(first.signal.aborted).toBe(true);
    first.dispose();
    const second = deadlineSignal(20);
    second.dispose();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(second.signal.aborted).toBe(false);
  });
});
