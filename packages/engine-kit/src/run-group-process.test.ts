import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runGroupProcess } from './run-group-process.js';
import { deadlineAfterStart, type EngineSandbox, isGone, makeSandbox, runCollecting } from './testing/index.js';

let sandbox: EngineSandbox;
beforeEach(() => {
  sandbox = makeSandbox('engine-kit-proc-');
});
afterEach(() => sandbox.cleanup());

const run = (file: string, extra: { stdin?: string; deadline?: number; signal?: AbortSignal } = {}) =>
  runCollecting(file, ['a b', 'c'], { cwd: sandbox.workspace, ...extra });

describe('runGroupProcess', () => {
  it('streams stdout by line (a last line without newline too), keeps argv intact and the stderr tail', async () => {
    const bin = sandbox.script('p', 'printf "%s\\n" "$@"; pwd; printf tail; echo oops >&2; exit 4');
    const result = await run(bin);
    expect(result.lines).toEqual(['a b', 'c', sandbox.workspace, 'tail']);
    expect(result).toMatchObject({ exitCode: 4, timedOut: false, aborted: false, stderrTail: 'oops' });
    expect(result.spawnError).toBeUndefined();
  });

  it('reports the signal that ended the program, with no exit code', async () => {
    const result = await run(sandbox.script('crash', 'kill -SEGV $$'));
    expect(result).toMatchObject({ exitCode: null, signal: 'SIGSEGV', timedOut: false, aborted: false });
    expect((await run(sandbox.script('ok', 'exit 0'))).signal).toBeUndefined();
  });

  it('feeds `stdin` when given, and an empty stdin otherwise', async () => {
    const bin = sandbox.script('cat', 'cat');
    expect((await run(bin, { stdin: 'line one\nline "two"' })).lines).toEqual(['line one', 'line "two"']);
    expect((await run(bin)).lines).toEqual([]);
  });

  it('reports a program that cannot start', async () => {
    const result = await run(`${sandbox.root}/missing`);
    expect(result.spawnError).toContain('ENOENT');
    expect(result.exitCode).toBeNull();
  });

  it('reports arguments the system refuses as a start failure, and goes on relaying the programs beside it', async () => {
    const beside = run(sandbox.script('beside', 'sleep 0.5; echo still here'));
    // Linux takes no single argument over 128 KiB (E2BIG), and no argument holds a NUL byte.
    const [tooLong, withNul] = await Promise.all([
      runCollecting('/bin/echo', ['x'.repeat(200 * 1024)], { cwd: sandbox.workspace }),
      runCollecting('/bin/echo', ['a\0b'], { cwd: sandbox.workspace }),
    ]);
    expect(tooLong.spawnError).toContain('E2BIG');
    expect(withNul.spawnError).toContain('null bytes');
    expect(await beside).toMatchObject({ exitCode: 0, lines: ['still here'] });
  });

  it('kills the whole group at the deadline, background children included', async () => {
    const bin = sandbox.script('slow', 'sleep 30 & echo $!; wait');
    let elapsed = 0;
    // The deadline must pass with the child started: a group that had not got that far is given twice the time.
    const { result, timeoutMs } = await deadlineAfterStart(
      async (limit) => {
        const started = Date.now();
        const ran = await run(bin, { deadline: started + limit });
        elapsed = Date.now() - started;
        return ran;
      },
      (ran) => ran.lines.length > 0,
      { firstMs: 300 },
    );
    expect(result.timedOut).toBe(true);
    // Far below the child's 30 s.
    expect(elapsed).toBeLessThan(timeoutMs + 15_000);
    const child = Number(result.lines[0]);
    await expect.poll(() => isGone(child)).toBe(true);
  });

  it("kills the group when onLine returns 'stop', and delivers no later line", async () => {
    const bin = sandbox.script('agent', 'sleep 30 & echo $!; echo STOP; echo after; wait');
    const started = Date.now();
    const result = await runCollecting(bin, [], {
      cwd: sandbox.workspace,
      deadline: Date.now() + 20_000,
      onLine: (line) => (line === 'STOP' ? 'stop' : undefined),
    });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(result).toMatchObject({ stopped: true, timedOut: false, aborted: false, exitCode: null });
    expect(result.spawnError).toBeUndefined();
    expect(result.lines.slice(1)).toEqual(['STOP']);
    await expect.poll(() => isGone(Number(result.lines[0]))).toBe(true);
  });

  it('stops on abort', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await run(sandbox.script('slow', 'sleep 30'), { signal: controller.signal });
    expect(result).toMatchObject({ aborted: true, timedOut: false });
  });

  it('starts the program from the launcher process, a child of this one, in a process group of its own', async () => {
    const bin = sandbox.script('who', 'echo "$PPID"; cut -d" " -f5 /proc/$$/stat; echo $$');
    const result = await runCollecting(bin, [], { cwd: sandbox.workspace });
    expect(result.exitCode).toBe(0);
    const [parent, group, pid] = result.lines.map(Number);
    expect(parent).not.toBe(process.pid);
    expect(group).toBe(pid);
    // The launcher is a child of this process.
    expect(readFileSync(`/proc/${parent}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]).toBe(String(process.pid));
  });

  it('passes argv[0] to the program when asked', async () => {
    const lines: string[] = [];
    await runGroupProcess({
      file: '/bin/sh',
      args: ['-c', 'echo "$0"'],
      argv0: 'shown-name',
      cwd: sandbox.workspace,
      env: {},
      deadline: Date.now() + 10_000,
      onLine: (line) => lines.push(line),
    });
    expect(lines).toEqual(['shown-name']);
  });
});
