import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { Sandbox } from '@skill-eval/core';
import { findExecutable, type GroupProcessResult, runGroupProcess } from '@skill-eval/engine-kit';
import { quote } from 'shlex';

/** The POSIX shell every call goes through. */
export const SHELL = '/bin/sh';
/** More stdout than this is cut off; an answer is not a data dump. */
const MAX_STDOUT = 8 * 1024 * 1024;

/** A program to start: the file, its arguments, and argv[0] when it is not the file's path. */
export interface ProgramCall {
  file: string;
  args: string[];
  argv0?: string;
}

/** A simple-mode call: the user's shell line, run by the shell. */
export function shellCall(commandLine: string): ProgramCall {
  return { file: SHELL, args: ['-c', commandLine] };
}

/**
 * A contract-mode call: the shell replaces itself with the program, so argv reaches it untouched, and a script
 * without a `#!` line still runs (as a shell script), which a direct spawn would refuse.
 */
export function contractCall(program: string, args: readonly string[]): ProgramCall {
  return { file: SHELL, args: ['-c', 'exec "$0" "$@"', program, ...args] };
}

/**
 * A shell line whose leading `./prog` or `../prog` is made absolute against `baseDir`, because the line runs inside
 * the fresh workspace while the user meant the directory they started skill-eval in. Other lines are left alone.
 */
export function anchorShellLine(commandLine: string, baseDir: string): string {
  const match = /^(\s*)(\.\.?\/[^\s'"`;&|<>()$\\]+)(?=\s|$)/.exec(commandLine);
  if (!match) return commandLine;
  const file = resolve(baseDir, match[2]!);
  if (!existsSync(file)) return commandLine;
  return `${match[1]}${quote(file)}${commandLine.slice(match[0].length)}`;
}

/** A contract-mode program path: relative paths (with a slash) are taken from `baseDir`, bare names from PATH. */
export function anchorProgram(program: string, baseDir: string): string {
  return program.includes('/') && !isAbsolute(program) ? resolve(baseDir, program) : program;
}

export interface CommandRun {
  proc: GroupProcessResult;
  stdout: string;
  /** Stdout went past the cap and was cut. */
  truncated: boolean;
}

/** Runs one call in its own process group, the prompt on stdin, collecting stdout. */
export async function runCommand(options: {
  call: ProgramCall;
  stdin: string;
  cwd: string;
  env: Record<string, string>;
  deadline: number;
  signal: AbortSignal;
  /** Where the call runs, when not on the host. */
  sandbox?: Sandbox;
}): Promise<CommandRun> {
  const lines: string[] = [];
  let size = 0;
  let truncated = false;
  const run = options.sandbox ? options.sandbox.run.bind(options.sandbox) : runGroupProcess;
  const proc = await run({
    file: options.call.file,
    args: options.call.args,
    ...(options.call.argv0 !== undefined ? { argv0: options.call.argv0 } : {}),
    cwd: options.cwd,
    env: options.env,
    deadline: options.deadline,
    signal: options.signal,
    stdin: options.stdin,
    // A line past the cap is cut anyway: the process need not hold more of one.
    maxLineLength: MAX_STDOUT + 1,
    onLine: (line) => {
      if (truncated) return;
      const room = MAX_STDOUT - size;
      if (line.length > room) {
        // The answer keeps the first MAX_STDOUT characters, the start of an over-long line included.
        if (room > 0) lines.push(line.slice(0, room));
        truncated = true;
        return;
      }
      lines.push(line);
      size += line.length + 1;
    },
  });
  return { proc, stdout: lines.join('\n'), truncated };
}

/** dash's builtins and keywords: a line starting with one is the shell's to run, not a program on PATH. */
const SHELL_WORDS = new Set(
  (
    '. : [ alias bg break cd chdir command continue echo eval exec exit export false fc fg getopts hash jobs kill ' +
    'local printf pwd read readonly return set shift test times trap true type ulimit umask unalias unset wait ' +
    'if then else elif fi case esac for while until do done function select time ! { }'
  ).split(' '),
);
/** Words the shell passes on untouched: no quoting, expansion, globbing, redirection, assignment or comment. */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * The call a shell line stands for when it is nothing but plain words naming a program (`python3 agent.py --fast`),
 * so it can be started without a shell in between, as the shell itself would start it. Undefined for anything the
 * shell must interpret: builtins, quotes, variables, pipes, redirections, globs, assignments, a relative path
 * other than `./` or `../` (which the shell resolves against the workspace), and files it would run as shell
 * scripts (no `#!` and not a binary), a first word the shell would read as an option.
 *
 * Why it exists: `pnpm bench`'s overhead workload runs `command=sh echo-prompt.sh` once per case; started directly
 * that call takes 2.6 ms, through `/bin/sh -c` 6.0 ms (medians of 300 interleaved calls, 2-core Intel Xeon, Node 20.20,
 * load average 27), against a budget of 1 ms of harness time per case. command-process.test.ts holds it to the
 * shell's behaviour on every command line of the corpus and on generated lines.
 */
export function directCall(commandLine: string, baseDir: string, pathEnv: string | undefined): ProgramCall | undefined {
  const words = commandLine.trim().split(/[ \t]+/);
  const [first, ...args] = words;
  if (
    !first ||
    !words.every((word) => PLAIN_WORD.test(word)) ||
    first.includes('=') ||
    first.startsWith('-') ||
    SHELL_WORDS.has(first)
  ) {
    return undefined;
  }
  const relative = first.startsWith('./') || first.startsWith('../');
  if (first.includes('/') && !relative && !isAbsolute(first)) return undefined;
  const file = findExecutable(relative ? resolve(baseDir, first) : first, pathEnv);
  return file && startsLikeAProgram(file) ? { file, args, argv0: first } : undefined;
}

/** A `#!` script or an ELF binary: what exec runs itself (anything else the shell would run as a script). */
function startsLikeAProgram(file: string): boolean {
  const head = Buffer.alloc(4);
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const read = readSync(fd, head, 0, 4, 0);
    return (read >= 2 && head[0] === 0x23 && head[1] === 0x21) || (read === 4 && head.toString('latin1') === '\x7fELF');
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
