import { type Session, SessionSchema } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { runWithBackstop } from './run-with-backstop.js';

const session: Session = SessionSchema.parse({ status: 'completed', engineId: 'x' });
const never = (seen: AbortSignal[]) => (signal: AbortSignal) => {
  seen.push(signal);
  return new Promise<Session>(() => {});
};

describe('runWithBackstop', () => {
  it('passes through what the engine returns or throws', async () => {
    const live = new AbortController().signal;
    expect(await runWithBackstop(async () => session, 1000, 10, live)).toEqual({ kind: 'returned', session });
    const boom = new Error('boom');
    expect(
      await runWithBackstop(
        async () => {
          throw boom;
        },
        1000,
        10,
        live,
      ),
    ).toEqual({ kind: 'threw', error: boom });
  });

  it('gives up on an engine that outlives its timeout plus grace, and aborts it', async () => {
    const seen: AbortSignal[] = [];
    const started = Date.now();
    const outcome = await runWithBackstop(never(seen), 50, 50, new AbortController().signal);
    expect(outcome).toEqual({ kind: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect(seen[0]!.aborted).toBe(true);
  });

  it('on interrupt aborts the engine and abandons it after the grace period', async () => {
    const seen: AbortSignal[] = [];
    const run = new AbortController();
    setTimeout(() => run.abort(), 20);
    const started = Date.now();
    const outcome = await runWithBackstop(never(seen), 60_000, 50, run.signal);
    expect(outcome).toEqual({ kind: 'abandoned' });
    // Far below the engine's 60 s limit: the grace period ended it, however loaded the machine.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(seen[0]!.aborted).toBe(true);
  });
});
