import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCgroupTree } from './cgroup-tree.js';
import {
  containmentMechanism,
  containmentNotice,
  killLiveContainmentsSync,
  openContainment,
  removeStaleContainments,
} from './execution-containment.js';
import { alive, leftBehind } from './execution-containment.test-support.js';
import { REAP_MARK_VARIABLE } from './process-reaper.js';

/** Each starts, outside its group, a sleeper that reports its pid on a file descriptor it then closes. */
const ESCAPES: [string, string][] = [
  ['setsid and a double fork', `( ( setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $! ) & )`],
  ['an empty environment (env -i)', `setsid env -i /bin/sleep 300 </dev/null >/dev/null 2>&1 & echo $!`],
  [
    'a rewritten mark',
    `setsid env ${REAP_MARK_VARIABLE}=000000000000000000000000 sleep 300 </dev/null >/dev/null 2>&1 & echo $!`,
  ],
  [
    'a fast fork loop (capped at 200)',
    `setsid sh -c 'i=0; while [ $i -lt 200 ]; do sleep 300 & i=$((i+1)); done; wait' </dev/null >/dev/null 2>&1 & echo $!`,
  ],
];

describe.runIf(containmentMechanism() === 'cgroup')('an execution contained in a cgroup', () => {
  it.each(ESCAPES)('ends a process that escaped by %s', async (_, script) => {
    const containment = await openContainment();
    const pids = await leftBehind(containment, script);
    expect(pids.length).toBeGreaterThan(0);
    expect(pids.every(alive)).toBe(true);
    const end = await containment.end();
    expect(end.killed).toBeGreaterThanOrEqual(1);
    expect(end.survivors).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
  });

  it('starts no program of an execution that has ended, and says so', async () => {
    const containment = await openContainment();
    await containment.end();
    await expect(leftBehind(containment, 'echo 1')).rejects.toThrow(/execution has ended/);
  });

  it('leaves the other executions alone', async () => {
    const [one, two] = await Promise.all([openContainment(), openContainment()]);
    const [other] = await leftBehind(two, 'setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $!');
    await leftBehind(one, 'setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $!');
    await one.end();
    expect(alive(other!)).toBe(true);
    await two.end();
    expect(alive(other!)).toBe(false);
  });

  it("gives an ended execution's emptied cgroup to the next one, with nothing of the last inside", async () => {
    const first = await openContainment();
    const [pid] = await leftBehind(first, 'setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $!');
    const before = readdirSync(findCgroupTree()!.parent).sort();
    await first.end();
    const next = await openContainment();
    // No cgroup made or removed: the next execution runs in the one just emptied.
    expect(readdirSync(findCgroupTree()!.parent).sort()).toEqual(before);
    expect(alive(pid!)).toBe(false);
    const [own] = await leftBehind(next, 'echo $$ >&2; setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $!');
    expect(await next.end()).toEqual({ killed: 1, survivors: 0 });
    expect(alive(own!)).toBe(false);
  });

  it('removes the cgroups it kept when its process exits', async () => {
    const parent = findCgroupTree()!.parent;
    // The built module (pnpm test builds first), in a process of its own that then exits.
    const built = new URL('../dist/execution-containment.js', import.meta.url).href;
    const script = `
      const { openContainment } = await import(${JSON.stringify(built)});
      const all = await Promise.all([openContainment(), openContainment(), openContainment()]);
      for (const one of all) await one.end();
      console.log(process.pid);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    await new Promise((resolve) => child.once('exit', resolve));
    const pid = out.trim();
    expect(pid).toMatch(/^\d+$/);
    expect(readdirSync(parent).filter((name) => name.startsWith(`${pid}.`))).toEqual([]);
  });

  it('kills every live execution at once for a quit at once', async () => {
    const containment = await openContainment();
    const pids = await leftBehind(containment, ESCAPES[0]![1]);
    killLiveContainmentsSync();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pids.filter(alive)).toEqual([]);
    await expect(leftBehind(containment, 'echo 1')).rejects.toThrow(/execution has ended/);
  });

  it('kills and removes what a run killed outright left behind', async () => {
    const parent = findCgroupTree()!.parent;
    // A cgroup named after a process that is gone (pid 2^22 + 1 is above every pid_max), holding a live sleeper.
    const stale = join(parent, '4194305.1.0');
    mkdirSync(stale);
    const sleeper = spawn('sh', ['-c', `echo $$ > ${stale}/cgroup.procs && exec sleep 300`], { stdio: 'ignore' });
    const exited = new Promise((resolve) => sleeper.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(readFileSync(join(stale, 'cgroup.procs'), 'utf8').trim()).toBe(String(sleeper.pid));
    expect(await removeStaleContainments()).toBeGreaterThanOrEqual(1);
    expect(readdirSync(parent)).not.toContain('4194305.1.0');
    await exited;
    expect(sleeper.signalCode).toBe('SIGKILL');
  });

  it('chose by a probe that left no cgroup of its own behind', () => {
    const probes = readdirSync(findCgroupTree()!.parent).filter((name) => name.startsWith(`probe.${process.pid}.`));
    expect(probes).toEqual([]);
  });

  it('gives no notice: containment is whole', () => {
    expect(containmentNotice()).toBeUndefined();
  });
});

// Written here so that a machine where cgroups do not work says why the tests above were skipped.
describe.runIf(process.platform === 'linux' && containmentMechanism() === 'mark')('no cgroup here', () => {
  it('says why, once per run', () => {
    expect(containmentNotice()).toMatch(/falls back to scanning/);
  });
});
