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
