import { spawnSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProcessSpec, Sandbox } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runSandboxSteps } from './sandbox-steps.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-sandbox-steps-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A sandbox whose inside is this machine: a step's `sh` sees the log's folder as a container sees the mounted
 * artifacts folder, where a link it makes is followed by whoever opens it on the host.
 */
const hostSandbox: Sandbox = {
  info: { environment: 'test', id: 'host' } as unknown as Sandbox['info'],
  workspace: '/',
  env: {},
  async run(spec: ProcessSpec) {
    const ran = spawnSync(spec.file, spec.args ?? [], { cwd: spec.cwd, encoding: 'utf8' });
    return { exitCode: ran.status, timedOut: false, aborted: false, stopped: false, stderrTail: '', cutLines: 0 };
  },
  async close() {},
};

const steps = (commands: string[], log: string) =>
  runSandboxSteps(hostSandbox, commands, {
    cwd: dir,
    env: {},
    deadline: Date.now() + 30_000,
    limit: '30 s',
    logFile: log,
  });

describe('setup steps in a sandbox, and the log they share with the host', () => {
  it('replaces a link a step left as the log, writing nothing through it', async () => {
    const outside = join(dir, 'outside.txt');
    writeFileSync(outside, 'host file\n');
    const log = join(dir, 'setup.log');
    const outcome = await steps([`ln -sf '${outside}' '${log}'`, 'echo second', 'exit 3'], log);
    expect(outcome).toEqual({ ok: false, command: 'exit 3', reason: 'exited with status 3' });
    expect(readFileSync(outside, 'utf8')).toBe('host file\n');
    expect(lstatSync(log).isFile()).toBe(true);
    expect(readFileSync(log, 'utf8')).toBe('$ echo second\nsecond\n$ exit 3\n[exited with status 3]\n');
  });

  it('replaces a FIFO a step left as the log instead of waiting on it', async () => {
    const log = join(dir, 'setup.log');
    const outcome = await steps([`rm -f '${log}'; mkfifo '${log}'`, 'echo after'], log);
    expect(outcome).toEqual({ ok: true });
    expect(lstatSync(log).isFile()).toBe(true);
    expect(readFileSync(log, 'utf8')).toBe('$ echo after\nafter\n');
  });
});
