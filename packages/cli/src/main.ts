import { CommanderError } from 'commander';
import { describeFileSystemError } from './io/file-system-error.js';
import { guardedIO } from './io/guarded-io.js';
import type { CommandIO } from './io/io.js';
import { createProgram } from './program.js';

/** Runs the CLI and returns the exit status: 0 all passed, 1 a case failed or errored, 2 bad input or usage. */
export async function main(argv: readonly string[], given: CommandIO): Promise<number> {
  // Whatever reaches the terminal has no secret and no control sequence in it, error messages included.
  const io = guardedIO(given);
  let exitCode = 0;
  const program = createProgram(io, (code) => {
    exitCode = code;
  });
  // A command's --json makes its stdout the JSON alone.
  program.hook('preAction', (_program, command) => io.arm({ jsonOut: command.opts().json === true }));
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // help and version exit 0; usage mistakes exit 2 (commander already printed the message)
      return error.exitCode === 0 ? 0 : 2;
    }
    const e = error as {
      name?: string;
      code?: string;
      message?: string;
      hint?: string;
      exitCode?: number;
      stack?: string;
    };
    if (e?.name === 'SkillEvalError') {
      io.stderr.write(`error: ${e.message}\n`);
      if (e.hint) io.stderr.write(`hint: ${e.hint}\n`);
      return e.exitCode ?? 1;
    }
    const fileSystem = describeFileSystemError(error);
    if (fileSystem) {
      io.stderr.write(`error: ${fileSystem.message}\nhint: ${fileSystem.hint}\n`);
      return 2;
    }
    io.stderr.write(`internal error: ${e?.message ?? String(error)}\n`);
    if (io.env.SKILL_EVAL_DEBUG) io.stderr.write(`${e?.stack ?? ''}\n`);
    else
      io.stderr.write(
        'This is a bug in skill-eval; set SKILL_EVAL_DEBUG=1 for the stack trace and please report it.\n',
      );
    return 1;
  } finally {
    io.disarm();
  }
}
