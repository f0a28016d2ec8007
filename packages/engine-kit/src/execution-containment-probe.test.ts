import * as fs from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findCgroupTree } from './cgroup-tree.js';
import type { ProbeAnswer } from './execution-containment.js';

// Writes of this process into a `cgroup.procs`: a probe it made itself.
vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>();
  return { ...real, writeFileSync: vi.fn(real.writeFileSync) };
});
const ownMoves = () =>
  vi.mocked(fs.writeFileSync).mock.calls.filter(([path]) => String(path).endsWith('/cgroup.procs')).length;

/** A fresh copy of the module: the mechanism is chosen once per copy. */
const fresh = async () => {
  vi.resetModules();
  vi.mocked(fs.writeFileSync).mockClear();
  return import('./execution-containment.js');
};

const tree = findCgroupTree();
const probeLeaves = () =>
  tree ? fs.readdirSync(tree.parent).filter((name) => name.startsWith(`probe.${process.pid}.`)) : [];
// What this machine allows, by the probe the harness makes itself.
const here = (await fresh()).containmentMechanism();

afterEach(() => {
  delete process.env.SKILL_EVAL_CONTAINMENT;
});

describe.runIf(here === 'cgroup')('the containment probe, made by another process (the launcher)', () => {
  it('chooses the cgroup on its answer, without this process moving, and removes the probe cgroup', async () => {
    const containment = await fresh();
    let asked: { enter: string; leave: string } | undefined;
    containment.startContainmentProbe(async (paths) => {
      asked = paths;
      expect(fs.existsSync(paths.enter)).toBe(true);
      return 'moved';
    });
    await containment.containmentProbed();
    expect(asked?.enter).toMatch(new RegExp(`/probe\\.${process.pid}\\.\\d+/cgroup\\.procs$`));
    expect(asked?.leave).toBe(join(tree!.home, 'cgroup.procs'));
    expect(containment.containmentMechanism()).toBe('cgroup');
    expect(ownMoves()).toBe(0);
    expect(probeLeaves()).toEqual([]);
  });

  it.each<[string, ProbeAnswer]>([
    ['a move failed there', 'EACCES'],
    ['it went before answering', 'gone'],
  ])('probes in this process when %s, whose own answer stands', async (_, answer) => {
    const containment = await fresh();
    containment.startContainmentProbe(async () => answer);
    await containment.containmentProbed();
    expect(ownMoves()).toBe(0);
    expect(containment.containmentMechanism()).toBe('cgroup');
    expect(ownMoves()).toBe(2);
    expect(probeLeaves()).toEqual([]);
  });

  it("opens an execution's containment only once the answer has come", async () => {
    const containment = await fresh();
    let answer: (value: ProbeAnswer) => void = () => {};
    containment.startContainmentProbe(() => new Promise((resolve) => (answer = resolve)));
    let opened = false;
    const opening = containment.openContainment().then((c) => {
      opened = true;
      return c;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(opened).toBe(false);
    answer('moved');
    const containmentOpened = await opening;
    expect(containmentOpened.mechanism).toBe('cgroup');
    expect(ownMoves()).toBe(0);
    await containmentOpened.end();
  });

  it('is made by the first process launcher once it has booted, when its start asks for it', async () => {
    const containment = await fresh();
    const { prestartLaunchers } = await import('./process-launcher.js');
    prestartLaunchers({ probeContainment: true });
    await containment.containmentProbed();
    expect(containment.containmentMechanism()).toBe('cgroup');
    expect(ownMoves()).toBe(0);
    expect(probeLeaves()).toEqual([]);
  });

  it('asks once, however often it is started', async () => {
    const containment = await fresh();
    const mover = vi.fn(async () => 'moved' as ProbeAnswer);
    containment.startContainmentProbe(mover);
    containment.startContainmentProbe(mover);
    await containment.containmentProbed();
    containment.startContainmentProbe(mover);
    expect(mover).toHaveBeenCalledTimes(1);
  });
});

describe.runIf(process.platform === 'linux')('the containment probe, where nothing needs probing', () => {
  it('asks nothing of the other process when the choice is made without moves (SKILL_EVAL_CONTAINMENT=mark)', async () => {
    process.env.SKILL_EVAL_CONTAINMENT = 'mark';
    const containment = await fresh();
    const mover = vi.fn(async () => 'moved' as ProbeAnswer);
    containment.startContainmentProbe(mover);
    await containment.containmentProbed();
    expect(mover).not.toHaveBeenCalled();
    expect(containment.containmentMechanism()).toBe('mark');
  });
});
