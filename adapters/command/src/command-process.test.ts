import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { directCall, runCommand, SHELL, shellCall } from './command-process.js';

const root = mkdtempSync(join(tmpdir(), 'command-process-'));
const bin = join(root, 'bin');
mkdirSync(bin);
const program = (name: string, text: string) => {
  const file = join(bin, name);
  writeFileSync(file, text);
  chmodSync(file, 0o755);
  return file;
};
const agent = program('agent', '#!/bin/sh\nprintf "%s|" "$0" "$@"; cat\n');
program('no-shebang', 'echo ran as a shell script\n');
program('echo', '#!/bin/sh\necho not the builtin\n');
const PATH = `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`;
afterAll(() => rmSync(root, { recursive: true, force: true }));

const run = (call: ReturnType<typeof shellCall>) =>
  runCommand({
    call,
    stdin: 'the prompt',
    cwd: root,
    env: { PATH },
    deadline: Date.now() + 10_000,
    signal: new AbortController().signal,
  });

describe('directCall', () => {
  it('starts a line of plain words naming a program without a shell, argv[0] as spelled', async () => {
    const call = directCall('agent --fast a.txt', root, PATH);
    expect(call).toEqual({ file: agent, args: ['--fast', 'a.txt'], argv0: 'agent' });
    // The program sees what the shell would have given it.
    const direct = await run(call!);
    const viaShell = await run(shellCall('agent --fast a.txt'));
    // ($0 of a #! script is its path, which the kernel passes on whoever started it.)
    expect(direct.stdout).toBe(`${agent}|--fast|a.txt|the prompt`);
    expect(direct.stdout).toBe(viaShell.stdout);
  });

  it('resolves ./ and ../ against the directory skill-eval was started in, and absolute paths as they are', () => {
    expect(directCall('./bin/agent x', root, '')).toMatchObject({ file: agent, args: ['x'], argv0: './bin/agent' });
    expect(directCall(`${agent}`, '/', '')).toMatchObject({ file: agent, args: [] });
  });

  it.each([
    ['a quoted argument', `agent 'two words'`],
    ['a variable', 'agent $HOME'],
    ['a pipe', 'agent | cat'],
    ['a redirection', 'agent > out.txt'],
    ['a glob', 'agent *.md'],
    ['a tilde', 'agent ~/x'],
    ['an assignment', 'MODE=fast agent'],
    ['a builtin (even with a program of that name on PATH)', 'echo hello'],
    ['a keyword', 'if agent; then :; fi'],
    ['a path the shell resolves against the workspace', 'bin/agent'],
    ['a script without #!, which only a shell runs', 'no-shebang'],
    ['a program that is not there', 'missing-program'],
  ])('leaves %s to the shell', (_why, line) => {
    expect(directCall(line, root, PATH)).toBeUndefined();
  });

  it('runs the shell line otherwise', () => {
    expect(shellCall('echo hi | tr a-z A-Z')).toEqual({ file: SHELL, args: ['-c', 'echo hi | tr a-z A-Z'] });
  });
});
