import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/paths.js';
import { processesWithEnv } from '../test-support/processes.js';
import { readSummary } from '../test-support/run-output.js';

const BIN = join(REPO_ROOT, 'packages', 'cli', 'bin', 'skill-eval.js');

/** Starts the built CLI in `dir` with `args`; every process of the run carries `tag` in its environment. */
function startRun(dir: string, args: string[], tag: string) {
  const child = spawn(process.execPath, [BIN, 'run', ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', CI: '1', SKILL_EVAL_E2E_TAG: tag },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (status) => resolve(status)));
  /** The run's processes besides the CLI itself. */
  const started = () => processesWithEnv('SKILL_EVAL_E2E_TAG', tag).filter((pid) => pid !== child.pid);
  /** Waits until at least `count` of them run. */
  const waitFor = async (count: number, what: string) => {
    const deadline = Date.now() + 30_000;
    while (started().length < count) {
      if (Date.now() > deadline) throw new Error(`${what} did not start; the CLI printed:\n${output}`);
      await sleep(100);
    }
  };
  /**
   * Waits for the CLI to exit: its status, what it printed, and the run's processes still there. A process killed at
   * the CLI's last moment (a second Ctrl-C kills synchronously, then exits) may not have died yet when the CLI has:
   * it gets the kernel's moment, up to 3 s; one that escaped the kill is still there after it.
   */
  const ended = async () => {
    const code = await exited;
    const deadline = Date.now() + 3_000;
    let left = processesWithEnv('SKILL_EVAL_E2E_TAG', tag);
    while (left.length > 0 && Date.now() < deadline) {
      await sleep(50);
      left = processesWithEnv('SKILL_EVAL_E2E_TAG', tag);
    }
    return { code, output, left };
  };
  return { child, started, waitFor, ended };
}

/**
 * A temp folder holding `evals/<name>.eval.yaml` (AgentV) with one test per id, each passing on an answer holding
 * "hi", and `hook` (before_each or after_each) running `command` when given.
 */
function evalFolder(
  name: string,
  ids: string[],
  hook?: { when: 'before_each' | 'after_each'; command: string },
): string {
  const dir = mkdtempSync(join(tmpdir(), `skill-eval-${name}-e2e-`));
  mkdirSync(join(dir, 'evals'));
  const hooks = hook ? `workspace:\n  hooks:\n    ${hook.when}:\n      command: ${JSON.stringify(hook.command)}\n` : '';
  const tests = ids.map((id) => `  - id: ${id}\n    input: hi\n    assertions: [{type: contains, value: hi}]\n`);
  writeFileSync(join(dir, 'evals', `${name}.eval.yaml`), `name: ${name}\n${hooks}tests:\n${tests.join('')}`);
  return dir;
}

/** Kills whatever a failed test left of the run, and removes its folder. */
function cleanUp(tag: string, dir: string | undefined): void {
  for (const pid of processesWithEnv('SKILL_EVAL_E2E_TAG', tag)) process.kill(pid, 'SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/**
 * SIGTERM is how a CI runner cancels a job and how a container is stopped: the run stops as on Ctrl-C — the agents'
 * processes killed, a partial summary written — instead of dying and leaving them running.
 */
describe('SIGTERM mid-run, with the built CLI and the command engine', () => {
  const tag = randomUUID();
  let dir: string;
  let code: number | null;
  let output = '';
  let runningBefore: number;
  let leftAfter: number[];

  beforeAll(async () => {
    dir = evalFolder('slow', ['c1', 'c2', 'c3']);
    writeFileSync(join(dir, 'agent.sh'), '#!/bin/sh\nsleep 60\necho hi\n', { mode: 0o755 });
    const run = startRun(
      dir,
      ['evals', '-e', 'command', '--ek', 'command=./agent.sh', '-j', '3', '--no-cache', '--out', 'out'],
      tag,
    );
    // The three agents' shells and their sleeps.
    await run.waitFor(6, 'the agents');
    runningBefore = run.started().length;
    run.child.kill('SIGTERM');
    ({ code, output, left: leftAfter } = await run.ended());
  }, 60_000);

  afterAll(() => cleanUp(tag, dir));

  it('kills the running agents, writes a partial summary and exits 143', () => {
    expect(runningBefore).toBeGreaterThanOrEqual(6);
    expect(leftAfter).toEqual([]);
    expect(code, output).toBe(143);
    expect(output).toContain('Interrupted (SIGTERM): stopping running executions and writing a partial summary');
    expect(existsSync(join(dir, 'out', 'summary.json'))).toBe(true);
    expect(readSummary(join(dir, 'out')).interrupted).toBe(true);
  });
});

/**
 * One SIGTERM ends the run within seconds, however hung what runs is: an agent that ignores SIGTERM and SIGINT, and a
 * teardown that does too (teardown still runs after an interrupt, for a few seconds at most). What finished is kept.
 */
describe('one SIGTERM with a hung agent and a hung teardown, with the built CLI', () => {
  const tag = randomUUID();
  let dir: string;
  let code: number | null;
  let output = '';
  let leftAfter: number[];
  let tookMs: number;

  beforeAll(async () => {
    dir = evalFolder('hung', []);
    mkdirSync(join(dir, 'marks'));
    const started = join(dir, 'marks', 'started');
    const agentScript = `#!/bin/sh\np=$(cat)\ncase "$p" in *second*) touch '${started}'; trap '' TERM INT; sleep 60;; esac\necho hi\n`;
    writeFileSync(join(dir, 'agent.sh'), agentScript, { mode: 0o755 });
    writeFileSync(
      join(dir, 'evals', 'hung.eval.yaml'),
      `name: hung\nworkspace:\n  hooks:\n    after_each:\n      command: "trap '' TERM INT; sleep 60"\ntests:\n  - id: c1\n    input: first hi\n    assertions: [{type: contains, value: hi}]\n  - id: c2\n    input: second\n    assertions: [{type: contains, value: hi}]\n`,
    );
    const run = startRun(
      dir,
      ['evals', '-e', 'command', '--ek', 'command=./agent.sh', '-j', '1', '--trust', '--no-cache', '--out', 'out'],
      tag,
    );
    const deadline = Date.now() + 40_000;
    while (!existsSync(started) && Date.now() < deadline) await sleep(100);
    const stoppedAt = Date.now();
    run.child.kill('SIGTERM');
    ({ code, output, left: leftAfter } = await run.ended());
    tookMs = Date.now() - stoppedAt;
  }, 90_000);

  afterAll(() => cleanUp(tag, dir));

  it('exits 143 within seconds, keeps the finished result and leaves nothing running', () => {
    expect(code, output).toBe(143);
    expect(tookMs, output).toBeLessThan(15_000);
    expect(leftAfter).toEqual([]);
    const results = readFileSync(join(dir, 'out', 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(results.find((r) => r.caseId === 'c1')?.status, output).toBe('passed');
    expect(readSummary(join(dir, 'out')).interrupted).toBe(true);
  });
});

/** Ctrl-C twice quits at once: even then, what the run started (here a teardown command still running) goes with it. */
describe('Ctrl-C twice during a teardown, with the built CLI', () => {
  const tag = randomUUID();
  let dir: string;
  let code: number | null;
  let output = '';
  let leftAfter: number[];

  beforeAll(async () => {
    dir = evalFolder('teardown', ['c1'], { when: 'after_each', command: 'sleep 60; echo done' });
    const run = startRun(
      dir,
      ['evals', '-e', 'command', '--ek', 'command=cat', '--trust', '--no-cache', '--out', 'out'],
      tag,
    );
    // The teardown's shell and its sleep (the agent, cat, has ended by then).
    await run.waitFor(2, 'the teardown');
    run.child.kill('SIGINT');
    await sleep(300);
    run.child.kill('SIGINT');
    ({ code, output, left: leftAfter } = await run.ended());
  }, 60_000);

  afterAll(() => cleanUp(tag, dir));

  it('exits 130 at the second Ctrl-C and leaves no process of the run behind', () => {
    expect(code, output).toBe(130);
    expect(leftAfter).toEqual([]);
  });
});

/**
 * A run killed outright (SIGKILL, an out-of-memory kill, a crash) cannot clean up: its launchers, left without their
 * parent, kill what they started — the agents, and the services setup commands left running for the execution.
 */
describe('SIGKILL mid-run, with a service a setup command started, with the built CLI', () => {
  const tag = randomUUID();
  let dir: string;
  let runningBefore: number;
  let run: ReturnType<typeof startRun>;

  beforeAll(async () => {
    dir = evalFolder('service', ['c1'], { when: 'before_each', command: 'sleep 60 >/dev/null 2>&1 &' });
    writeFileSync(join(dir, 'agent.sh'), '#!/bin/sh\nsleep 60\necho hi\n', { mode: 0o755 });
    run = startRun(
      dir,
      ['evals', '-e', 'command', '--ek', 'command=./agent.sh', '--trust', '--no-cache', '--out', 'out'],
      tag,
    );
    // The setup's service, and the agent's shell and its sleep.
    await run.waitFor(3, 'the service and the agent');
    runningBefore = run.started().length;
    run.child.kill('SIGKILL');
    await run.ended();
  }, 60_000);

  afterAll(() => cleanUp(tag, dir));

  it('leaves no process of the run behind', async () => {
    expect(runningBefore).toBeGreaterThanOrEqual(3);
    await expect.poll(() => run.started(), { timeout: 15_000 }).toEqual([]);
  });
});
