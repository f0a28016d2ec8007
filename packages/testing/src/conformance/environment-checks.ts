import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ProcessOutcome, ProcessSpec, Sandbox } from '@skill-eval/core';
import { expect, onTestFinished } from 'vitest';
import type { EnvironmentCheckName, EnvironmentConformanceOptions } from './environment-options.js';
import { markedProcesses } from './marked-processes.js';
import { MARKER_VAR } from './run-check.js';

type Check = (options: EnvironmentConformanceOptions) => Promise<void>;

/** How long past its deadline, abort or stop a program may take to be gone and reported. */
const KILL_GRACE_MS = 5000;

/** One check's sandbox, and a helper that runs a shell script in it, collecting its stdout lines. */
interface Opened {
  sandbox: Sandbox;
  /** The execution's folder on the host: the workspace is `workspace` inside it. */
  workspace: string;
  marker: string;
  sh(script: string, extra?: Partial<ProcessSpec>): Promise<{ outcome: ProcessOutcome; lines: string[]; ms: number }>;
}

/** Opens a sandbox over a fresh temp folder; it, the folder and any process left with the marker go after the test. */
async function open(options: EnvironmentConformanceOptions): Promise<Opened> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'skill-eval-environment-conformance-')));
  const workspace = join(root, 'workspace');
  mkdirSync(workspace);
  const marker = `conformance-${randomUUID()}`;
  const environment = await options.createEnvironment();
  const controller = new AbortController();
  await environment.start?.({ runId: marker, signal: controller.signal, env: options.runEnv ?? {} });
  const request = {
    executionId: marker,
    root,
    workspace,
    shared: [],
    programs: [],
    env: {},
    signal: controller.signal,
  };
  const sandbox = await environment.open(request);
  onTestFinished(async () => {
    await sandbox.close();
    await environment.stop?.();
    for (const pid of markedProcesses(marker)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
    rmSync(root, { recursive: true, force: true });
  });
  const sh: Opened['sh'] = async (script, extra = {}) => {
    const lines: string[] = [];
    const started = Date.now();
    const outcome = await sandbox.run({
      file: options.shell ?? '/bin/sh',
      args: ['-c', script],
      cwd: sandbox.workspace,
      env: { PATH: options.path ?? '/usr/bin:/bin', [MARKER_VAR]: marker, ...sandbox.env },
      deadline: Date.now() + 20_000,
      onLine: (line) => lines.push(line),
      ...extra,
    });
    return { outcome, lines, ms: Date.now() - started };
  };
  return { sandbox, workspace, marker, sh };
}

/** Nothing the check started is still running: polled, since a kill takes a moment to land. */
async function expectNoneLeft(marker: string): Promise<void> {
  await expect.poll(() => markedProcesses(marker), { timeout: 3000 }).toEqual([]);
}

const plugin: Check = async (options) => {
  expect(options.plugin.contract).toBe('environment-v1');
  expect(options.plugin.id).toMatch(/^[a-z0-9][a-z0-9-]*$/);
  expect(options.plugin.description.trim()).not.toBe('');
  expect((await options.createEnvironment()).id).toBe(options.plugin.id);
};

const runs: Check = async (options) => {
  const { sh, sandbox } = await open(options);
  const { outcome, lines } = await sh('printf "one\\ntwo\\n"; pwd; echo oops >&2; exit 3');
  expect(lines).toEqual(['one', 'two', sandbox.workspace]);
  expect(outcome).toMatchObject({ exitCode: 3, timedOut: false, aborted: false, stopped: false });
  expect(outcome.stderrTail).toContain('oops');
  expect(outcome.spawnError).toBeUndefined();
};

const env: Check = async (options) => {
  const { sh } = await open(options);
  const hostOnly = 'SKILL_EVAL_CONFORMANCE_HOST_ONLY';
  process.env[hostOnly] = 'leaked';
  onTestFinished(() => {
    delete process.env[hostOnly];
  });
  const value = 'spaces and "quotes" and $dollars';
  const { lines } = await sh(`echo "$CONFORMANCE_VALUE"; echo "\${${hostOnly}-unset}"`, {
    env: { PATH: options.path ?? '/usr/bin:/bin', CONFORMANCE_VALUE: value },
  });
  expect(lines, 'the program sees exactly the environment given, nothing of the host').toEqual([value, 'unset']);
};

const stdin: Check = async (options) => {
  const { sh } = await open(options);
  expect((await sh('cat', { stdin: 'first\nsecond\n' })).lines).toEqual(['first', 'second']);
  const without = await sh('cat; echo done', { deadline: Date.now() + 5000 });
  expect(without.lines, 'without `stdin` the program gets none (no wait for input)').toEqual(['done']);
  expect(without.outcome.timedOut).toBe(false);
};

const files: Check = async (options) => {
  const { sh, sandbox, workspace } = await open(options);
  writeFileSync(join(workspace, 'given.txt'), 'from the host\n');
  const { lines, outcome } = await sh('cat given.txt; echo "from inside" > written.txt');
  expect(outcome.exitCode).toBe(0);
  expect(lines).toEqual(['from the host']);
  await sandbox.sync?.();
  expect(readFileSync(join(workspace, 'written.txt'), 'utf8')).toBe('from inside\n');
};

const deadline: Check = async (options) => {
  const { sh, marker } = await open(options);
  const { outcome, ms } = await sh('sleep 30 >/dev/null 2>&1 & echo started; wait', { deadline: Date.now() + 1000 });
  expect(outcome.timedOut).toBe(true);
  expect(outcome.exitCode).toBeNull();
  expect(ms).toBeGreaterThanOrEqual(900);
  expect(ms).toBeLessThan(1000 + KILL_GRACE_MS);
  await expectNoneLeft(marker); // the background sleep went with its group
};

const abort: Check = async (options) => {
  const { sh, marker } = await open(options);
  const controller = new AbortController();
  const { outcome, ms } = await sh('echo started; sleep 30', {
    signal: controller.signal,
    onLine: () => controller.abort(),
  });
  expect(outcome.aborted).toBe(true);
  expect(ms).toBeLessThan(KILL_GRACE_MS);
  await expectNoneLeft(marker);
};

const stop: Check = async (options) => {
  const { sh, marker } = await open(options);
  const seen: string[] = [];
  // Both lines in one write, so they reach the environment together: only an environment that checks for a stop
  // before each line keeps the second back, however fast or slow the machine is.
  const { outcome, ms } = await sh("printf 'first\\nsecond\\n'; sleep 30", {
    onLine: (line) => {
      seen.push(line);
      return 'stop';
    },
  });
  expect(outcome.stopped).toBe(true);
  expect(seen, 'no line is delivered after a stop').toEqual(['first']);
  expect(ms).toBeLessThan(KILL_GRACE_MS);
  await expectNoneLeft(marker);
};

const missingProgram: Check = async (options) => {
  const { sandbox } = await open(options);
  const outcome = await sandbox.run({
    file: '/no/such/conformance-program',
    args: [],
    cwd: sandbox.workspace,
    env: { PATH: options.path ?? '/usr/bin:/bin' },
    deadline: Date.now() + 10_000,
    onLine: () => undefined,
  });
  expect(outcome.exitCode, 'a program that cannot start is no success').not.toBe(0);
  expect(`${outcome.spawnError ?? ''}${outcome.stderrTail}`.trim(), 'and says why').not.toBe('');
};

const close: Check = async (options) => {
  const { sh, sandbox, marker } = await open(options);
  const background = 'sleep 30 >/dev/null 2>&1 </dev/null &';
  const ended = await sh(background);
  expect(ended.outcome.exitCode).toBe(0);
  await expectNoneLeft(marker); // a program's group goes when it exits
  const kept = await sh(background, { keepGroup: true });
  expect(kept.outcome.exitCode).toBe(0);
  await sleep(200);
  expect(markedProcesses(marker).length, 'keepGroup: the background program lives on').toBeGreaterThan(0);
  await sandbox.close();
  await expectNoneLeft(marker); // until the sandbox closes
  await expect(sandbox.close(), 'closing twice').resolves.toBeUndefined();
};

/** Each check: its test title and what it runs. */
export const ENVIRONMENT_CHECKS: Record<EnvironmentCheckName, { title: string; run: Check }> = {
  plugin: { title: 'declares environment-v1, its id and a description', run: plugin },
  runs: { title: 'runs a program in the workspace: its lines, exit code and stderr', run: runs },
  env: { title: 'gives a program exactly the environment asked for', run: env },
  stdin: { title: 'writes stdin when given, and gives none otherwise', run: stdin },
  files: { title: 'shares the workspace both ways', run: files },
  deadline: { title: 'kills the whole process group at the deadline', run: deadline },
  abort: { title: 'kills the whole process group on abort', run: abort },
  stop: { title: 'stops at once when onLine says stop', run: stop },
  'missing-program': { title: 'reports a program that cannot start', run: missingProgram },
  close: {
    title: 'ends what a program left running when it exits, or with keepGroup when the sandbox closes',
    run: close,
  },
};
