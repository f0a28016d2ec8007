import { readdirSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { findCgroupTree } from './cgroup-tree.js';

/** A fresh copy of the module: the mechanism is chosen once per copy. */
const fresh = async () => {
  vi.resetModules();
  return import('./execution-containment.js');
};

const probeLeaves = () => {
  const tree = findCgroupTree();
  if (!tree) return [];
  try {
    return readdirSync(tree.parent).filter((name) => name.startsWith(`probe.${process.pid}.`));
  } catch {
    return [];
  }
};

describe.runIf(process.platform === 'linux')('the containment probe, made while a run loads', () => {
  it('chooses what the probe made at the first execution chooses, and leaves no probe cgroup behind', async () => {
    const early = await fresh();
    await early.prepareContainment();
    const late = await fresh();
    expect(early.containmentMechanism()).toBe(late.containmentMechanism());
    expect(early.containmentNotice()).toBe(late.containmentNotice());
    expect(probeLeaves()).toEqual([]);
  });

  it('is not made again once it has been: the first execution waits for nothing', async () => {
    const containment = await fresh();
    await containment.prepareContainment();
    const chosen = containment.containmentMechanism();
    // A second preparation resolves at once to the same choice.
    await containment.prepareContainment();
    expect(containment.containmentMechanism()).toBe(chosen);
    const opened = await containment.openContainment();
    expect(opened.mechanism).toBe(chosen);
    await opened.end();
  });

  it('is made by the first launcher when a run prestarts it, and chooses as the probe made here does', async () => {
    const here = await fresh();
    await here.prepareContainment();
    vi.resetModules();
    const launcher = await import('./process-launcher.js');
    const containment = await import('./execution-containment.js');
    launcher.prestartLaunchers();
    await containment.prepareContainment();
    expect(containment.containmentMechanism()).toBe(here.containmentMechanism());
    expect(containment.containmentNotice()).toBe(here.containmentNotice());
    expect(probeLeaves()).toEqual([]);
  });

  it("reports the errno of a move the launcher cannot make, as the probe's answer", async () => {
    vi.resetModules();
    const { launcherMoveProbe } = await import('./process-launcher.js');
    expect(await launcherMoveProbe('/nonexistent/skill-eval/cgroup.procs', '/nonexistent/cgroup.procs')).toBe('ENOENT');
  });

  it('falls back to the mark scan when told to, without probing', async () => {
    vi.stubEnv('SKILL_EVAL_CONTAINMENT', 'mark');
    try {
      const containment = await fresh();
      await containment.prepareContainment();
      expect(containment.containmentMechanism()).toBe('mark');
      expect(containment.containmentNotice()).toMatch(/SKILL_EVAL_CONTAINMENT=mark/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
