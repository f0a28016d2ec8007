import { type Suite, SuiteSchema } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { createScheduler, type Slot } from './scheduler.js';
import { makeCase, makeSuite } from './test-support/fixtures.js';

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const suite = makeSuite('s.json', [makeCase({ id: 'a' })]);
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createScheduler', () => {
  it('runs at most `concurrency` tasks at once, and the next when one ends', async () => {
    const schedule = createScheduler(2, [suite]);
    const started: string[] = [];
    const ends = { a: gate(), b: gate(), c: gate() };
    const run = (name: keyof typeof ends) =>
      schedule(suite, async () => {
        started.push(name);
        await ends[name].opened;
        return name;
      });
    const all = Promise.all([run('a'), run('b'), run('c')]);
    await tick();
    expect(started).toEqual(['a', 'b']);
    ends.b.open();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    ends.a.open();
    ends.c.open();
    expect(await all).toEqual(['a', 'b', 'c']);
  });

  it('a task that gives its slot back lets the next one start while it goes on', async () => {
    const schedule = createScheduler(1, [suite]);
    const events: string[] = [];
    const finish = gate();
    const first = schedule(suite, async (slot) => {
      events.push('first starts');
      expect(slot.release()).toBe(true);
      // Twice is once: the slot it gave back is not given back again.
      expect(slot.release()).toBe(false);
      await finish.opened;
      events.push('first ends');
    });
    const second = schedule(suite, async () => {
      events.push('second starts');
    });
    await second;
    expect(events).toEqual(['first starts', 'second starts']);
    finish.open();
    await first;
    expect(events).toEqual(['first starts', 'second starts', 'first ends']);
  });

  it('at most `concurrency` tasks finish outside their slots: past that, a task keeps its slot until it ends', async () => {
    const schedule = createScheduler(1, [suite]);
    const started: string[] = [];
    const released: boolean[] = [];
    const ends = { a: gate(), b: gate(), c: gate() };
    const run = (name: keyof typeof ends) =>
      schedule(suite, async (slot: Slot) => {
        started.push(name);
        released.push(slot.release());
        await ends[name].opened;
      });
    const all = Promise.all([run('a'), run('b'), run('c')]);
    await tick();
    // a finishes outside its slot; b, started in it, cannot: c waits for b's end, not for a's.
    expect(started).toEqual(['a', 'b']);
    expect(released).toEqual([true, false]);
    ends.a.open();
    await tick();
    expect(started).toEqual(['a', 'b']);
    ends.b.open();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    // a and b have ended: c may finish outside its slot.
    expect(released).toEqual([true, false, true]);
    ends.c.open();
    await all;
  });

  it("a slot given back is the suite's too: its next task starts, within the suite's parallelism", async () => {
    const serial: Suite = SuiteSchema.parse({ ...suite, settings: { parallelism: 1 } });
    const schedule = createScheduler(4, [serial]);
    const started: string[] = [];
    const ends = { a: gate(), b: gate(), c: gate() };
    const run = (name: keyof typeof ends, giveBack: boolean) =>
      schedule(serial, async (slot) => {
        started.push(name);
        if (giveBack) slot.release();
        await ends[name].opened;
      });
    const all = Promise.all([run('a', true), run('b', false), run('c', false)]);
    await tick();
    expect(started).toEqual(['a', 'b']);
    ends.a.open();
    ends.b.open();
    ends.c.open();
    await all;
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('a task that throws, at once or later, rejects its own promise and frees its slot', async () => {
    const schedule = createScheduler(1, [suite]);
    const thrown = schedule(suite, (() => {
      throw new Error('at once');
    }) as unknown as () => Promise<void>);
    const rejected = schedule(suite, async (slot) => {
      slot.release();
      throw new Error('later');
    });
    await expect(thrown).rejects.toThrow('at once');
    await expect(rejected).rejects.toThrow('later');
    await expect(schedule(suite, async () => 'next')).resolves.toBe('next');
  });
});
