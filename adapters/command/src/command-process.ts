import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { type GroupProcessResult, runGroupProcess } from '@skill-eval/engine-kit';

/** The POSIX shell every call goes through. */
export const SHELL = '/bin/sh';
/** More stdout than this is cut off; an answer is not a data dump. */
const MAX_STDOUT = 8 * 1024 * 1024;

/** argv of a simple-mode call: the user's shell line. */
export function simpleArgv(commandLine: string): string[] {
  return ['-c', commandLine];
}

/**
 * argv of a contract-mode call: the shell replaces itself with the program, so argv reaches it untouched, and a
 * script without a `#!` line still runs (as a shell script), which a direct spawn would refuse.
 */
export function contractArgv(program: string, args: readonly string[]): string[] {
  return ['-c', 'exec "$0" "$@"', program, ...args];
}

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

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

/** Runs one call through the shell in its own process group, the prompt on stdin, collecting stdout. */
export async function runCommand(options: {
  argv: string[];
  stdin: string;
  cwd: string;
  env: Record<string, string>;
  deadline: number;
  signal: AbortSignal;
}): Promise<CommandRun> {
  const lines: string[] = [];
  let size = 0;
  let truncated = false;
  const proc = await runGroupProcess({
    file: SHELL,
    args: options.argv,
    cwd: options.cwd,
    env: options.env,
    deadline: options.deadline,
    signal: options.signal,
    stdin: options.stdin,
    onLine: (line) => {
      if (truncated) return;
      size += line.length + 1;
      if (size > MAX_STDOUT) truncated = true;
      else lines.push(line);
    },
  });
  return { proc, stdout: lines.join('\n'), truncated };
}
