/** Where a command writes; tests pass their own. */
export interface CommandIO {
  cwd: string;
  env: Record<string, string | undefined>;
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
  /**
   * The streams as given, when `stdout` and `stderr` are guarded (see guarded-io.ts): for output that makes itself
   * safe, the console reporters' colours and redrawn frames.
   */
  raw?: { stdout: NodeJS.WritableStream & { isTTY?: boolean }; stderr: NodeJS.WritableStream };
  /**
   * In a GitHub Actions step, where the runner reads nothing skill-eval prints as a workflow command: `stream` as the
   * one place where it does, for the annotations skill-eval writes (see workflow-command-gate.ts).
   */
  workflowCommands?: (stream: NodeJS.WritableStream) => NodeJS.WritableStream;
}

export const processIO = (): CommandIO => ({
  cwd: process.cwd(),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
});
