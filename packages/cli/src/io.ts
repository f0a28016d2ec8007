/** Where a command writes; tests pass their own. */
export interface CommandIO {
  cwd: string;
  env: Record<string, string | undefined>;
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
}

export const processIO = (): CommandIO => ({
  cwd: process.cwd(),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
});
