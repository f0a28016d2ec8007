import { executionAsyncResource } from 'node:async_hooks';
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { sideFilesTrusted, withSideFileTrust } from './side-file-read.js';

// The store behind a trusted load is switched off when the last load under way ends (side-file-read.ts): these hold
// what that must not change.
describe('withSideFileTrust', () => {
  it('keeps each load its own trust while loads overlap, until the last one ends', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = withSideFileTrust(true, async () => {
      await held;
      return sideFilesTrusted();
    });
    const quick = await withSideFileTrust(false, async () => {
      await tick();
      return sideFilesTrusted();
    });
    // The untrusted load has ended: the trusted one still under way keeps its trust.
    expect(quick).toBe(false);
    release();
    expect(await slow).toBe(true);
  });

  it('leaves no trust to work a load left behind once it has ended', async () => {
    let later: Promise<boolean> = Promise.resolve(true);
    await withSideFileTrust(true, async () => {
      later = tick(5).then(() => sideFilesTrusted());
    });
    expect(await later).toBe(false);
    expect(sideFilesTrusted()).toBe(false);
  });

  it('ends a load that throws, so that the next load is trusted as it asks', async () => {
    expect(() =>
      withSideFileTrust(true, () => {
        throw new Error('broken file');
      }),
    ).toThrow('broken file');
    await expect(withSideFileTrust(true, () => Promise.reject(new Error('bad')))).rejects.toThrow('bad');
    expect(withSideFileTrust(true, () => sideFilesTrusted())).toBe(true);
    expect(await withSideFileTrust(true, async () => sideFilesTrusted())).toBe(true);
  });

  it('switches the store off once no load is under way (no context follows the promises of the run)', async () => {
    await withSideFileTrust(true, async () => {
      await tick();
    });
    // With a store on, Node 20 gives every promise an async resource of its own; with none, the top-level one stays.
    const outside = executionAsyncResource();
    await Promise.resolve();
    expect(executionAsyncResource()).toBe(outside);
  });
});
