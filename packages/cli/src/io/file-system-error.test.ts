import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { writeDemoEvals, writeDemoSkill } from '../test-support/demo-skill.js';
import { CLI_BIN } from '../test-support/paths.js';
import { describeFileSystemError } from './file-system-error.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-fs-error-'));
  writeFileSync(join(dir, 'a-file'), 'x');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const thrownBy = (action: () => unknown): unknown => {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected the action to throw');
};

describe('describeFileSystemError', () => {
  it('names what was being done, the path and why, from the error Node gives', () => {
    expect(describeFileSystemError(thrownBy(() => mkdirSync(join(dir, 'a-file', 'sub'))))?.message).toBe(
      `cannot create the folder ${join(dir, 'a-file', 'sub')}: a part of its path is a file, not a folder (ENOTDIR).`,
    );
    expect(describeFileSystemError(thrownBy(() => writeFileSync(dir, 'x')))?.message).toBe(
      `cannot open ${dir}: it is a folder, not a file (EISDIR).`,
    );
    expect(describeFileSystemError(thrownBy(() => renameSync(join(dir, 'gone'), join(dir, 'b'))))?.message).toBe(
      `cannot rename ${join(dir, 'gone')} to ${join(dir, 'b')}: it does not exist (ENOENT).`,
    );
    symlinkSync(join(dir, 'gone'), join(dir, 'broken-link'));
    expect(describeFileSystemError(thrownBy(() => mkdirSync(join(dir, 'broken-link', 'sub'))))?.message).toBe(
      `cannot create the folder ${join(dir, 'broken-link', 'sub')}: the folder it would go in cannot hold one (a broken symbolic link, or a system folder like /proc) (ENOENT).`,
    );
  });

  it('leaves alone what is not a file-system failure: a bug stays a bug', () => {
    expect(describeFileSystemError(new TypeError('x is undefined'))).toBeUndefined();
    expect(
      describeFileSystemError(Object.assign(new Error('odd'), { code: 'ERR_SOMETHING', path: '/x' })),
    ).toBeUndefined();
    expect(describeFileSystemError(undefined)).toBeUndefined();
  });
});

describe('a command whose output path cannot be written', () => {
  it('exits 2 naming the path and the reason, without calling it a bug or printing a stack', async () => {
    writeDemoSkill(dir);
    writeDemoEvals(dir);
    const io = captureIO(dir);
    const code = await main(['convert', 'skill/evals/evals.json', '--to', 'skillet', '--out', 'a-file/converted'], io);
    expect(code).toBe(2);
    expect(io.err()).toMatch(
      /^error: cannot create the folder .*a-file\/converted.*: a part of its path is a file, not a folder \(ENOTDIR\)\.\nhint: /,
    );
    expect(io.err()).not.toContain('internal error');
    expect(io.err()).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
  });
});

describe('folders a run cannot create in a system folder like /proc (Node’s recursive mkdir spins there forever)', () => {
  const SUITE =
    'name: echo\ntests:\n  - id: one\n    input: "say hi"\n    assertions:\n      - type: contains\n        value: hi\n';
  const proc = `/proc/skill-eval-${process.pid}`;
  /** The built CLI in a child process, killed if it does not end: a spinning one would stop this test process too. */
  const run = (args: string[], env: Record<string, string> = {}) => {
    writeFileSync(join(dir, 'echo.eval.yaml'), SUITE);
    const child = spawnSync(
      process.execPath,
      [CLI_BIN, 'run', 'echo.eval.yaml', '-e', 'command', '--ek', 'command=cat', '-q', ...args],
      { cwd: dir, encoding: 'utf8', timeout: 20_000, killSignal: 'SIGKILL', env: { PATH: process.env.PATH, ...env } },
    );
    return { status: child.status, stderr: child.stderr };
  };

  it('--out there: exit 2 naming the folder and why', () => {
    const { status, stderr } = run(['--no-cache', '-o', `${proc}/run`]);
    expect(stderr).toContain(`error: cannot create the folder ${proc}: the folder it would go in cannot hold one`);
    expect(status).toBe(2);
  });

  it('--cache-dir there: one warning, and the run goes on uncached', () => {
    const { status, stderr } = run(['--cache-dir', `${proc}/cache`, '-o', 'out']);
    expect(stderr).toContain(`cannot write to the result cache at ${proc}/cache`);
    expect(status).toBe(0);
  });

  it('TMPDIR there: each execution ends as WORKSPACE_FAILED', () => {
    const { status } = run(['--no-cache', '-o', 'out'], { TMPDIR: `${proc}/tmp` });
    expect(status).toBe(1);
    expect(readFileSync(join(dir, 'out', 'results.jsonl'), 'utf8')).toContain('"code":"WORKSPACE_FAILED"');
  });
});
