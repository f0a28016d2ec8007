import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusFiles, corpusPath, WILD } from '@skill-eval/testing/corpus';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { anchorShellLine, directCall, runCommand, SHELL, shellCall } from './command-process.js';

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
program('-', '#!/bin/sh\necho a program named -\n');
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
    ['a first word the shell reads as an option (a program named "-" on PATH or not)', '- agent'],
  ])('leaves %s to the shell', (_why, line) => {
    expect(directCall(line, root, PATH)).toBeUndefined();
  });

  it('runs the shell line otherwise', () => {
    expect(shellCall('echo hi | tr a-z A-Z')).toEqual({ file: SHELL, args: ['-c', 'echo hi | tr a-z A-Z'] });
  });
});

describe('directCall: differential against /bin/sh', () => {
  /** Stubs named after the programs lines call, each printing the argv it gets, so every plain line is runnable. */
  const stubs = join(root, 'stubs');
  mkdirSync(stubs);
  const stubPath = `${stubs}:${PATH}`;
  const stub = (name: string) => {
    if (!existsSync(join(stubs, name))) {
      writeFileSync(join(stubs, name), '#!/bin/sh\nprintf "%s|" "$0" "$@"; cat\n');
      chmodSync(join(stubs, name), 0o755);
    }
  };
  const runIn = (call: ReturnType<typeof shellCall>) =>
    runCommand({
      call,
      stdin: 'the prompt',
      cwd: root,
      env: { PATH: stubPath },
      deadline: Date.now() + 10_000,
      signal: new AbortController().signal,
    });
  /** Whenever directCall takes a line, the program gets what the shell would have given it. */
  const expectSameAsShell = async (line: string): Promise<boolean> => {
    const call = directCall(line, root, stubPath);
    if (!call) return false;
    const [direct, viaShell] = await Promise.all([runIn(call), runIn(shellCall(anchorShellLine(line, root)))]);
    expect({ stdout: direct.stdout, exit: direct.proc.exitCode }, line).toEqual({
      stdout: viaShell.stdout,
      exit: viaShell.proc.exitCode,
    });
    return true;
  };

  it('runs every command line of the corpus the shell way', async () => {
    const lines = new Set<string>();
    for (const file of [...corpusFiles(), ...corpusFiles(WILD)].filter((f) => /\.(ya?ml|json)$/.test(f))) {
      for (const match of readFileSync(corpusPath(file), 'utf8').matchAll(
        /"?command"?:[ \t]*"?([^"\n[{]+?)"?,?[ \t]*$/gm,
      ))
        lines.add(match[1]!.trim());
    }
    let taken = 0;
    for (const line of lines) {
      const first = line.split(/\s+/)[0]!;
      if (/^[A-Za-z0-9_.-]+$/.test(first)) stub(first);
      if (await expectSameAsShell(line)) taken++;
    }
    expect(taken).toBeGreaterThan(0);
  });

  it('property: generated lines of plain words run the same with and without the shell', async () => {
    for (const name of ['agent', 'node', 'python3']) stub(name);
    const word = fc.stringMatching(/^[A-Za-z0-9_@%+=:,./-]{1,8}$/);
    const program = fc.constantFrom('agent', 'node', 'python3', './bin/agent', '../bin/agent', agent, 'sh', 'basename');
    await fc.assert(
      fc.asyncProperty(
        program,
        fc.array(word, { maxLength: 4 }),
        fc.constantFrom(' ', '  ', '\t'),
        async (p, args, gap) => {
          await expectSameAsShell([p, ...args].join(gap));
        },
      ),
      { numRuns: 60 },
    );
  });
});
