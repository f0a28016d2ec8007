import type { CommandIO } from '../io/io.js';

/**
 * What a run takes of the command's IO: the environment its children and redaction start from, and the stream it
 * tells what it goes on without (a reporter that failed, a cache it could not use) — the command's own stderr, which
 * redacts and, in a CI step, keeps such text inert, never the process's.
 */
export const runIO = (io: CommandIO) => ({
  env: io.env,
  warn: (message: string): void => void io.stderr.write(`skill-eval: ${message}\n`),
});
