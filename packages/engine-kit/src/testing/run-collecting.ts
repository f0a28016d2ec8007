import { type GroupProcessOptions, type GroupProcessResult, runGroupProcess } from '../run-group-process.js';

/**
 * Runs a program as `runGroupProcess` does and collects its stdout lines: the ten-second deadline and the caller's
 * PATH unless given, and a working directory of `/` unless given.
 */
export async function runCollecting(
  file: string,
  args: readonly string[],
  options: Partial<Omit<GroupProcessOptions, 'file' | 'args'>> = {},
): Promise<GroupProcessResult & { lines: string[] }> {
  const lines: string[] = [];
  const { onLine, ...rest } = options;
  const result = await runGroupProcess({
    file,
    args,
    cwd: '/',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    deadline: Date.now() + 10_000,
    ...rest,
    onLine: (line) => {
      lines.push(line);
      return onLine?.(line);
    },
  });
  return { ...result, lines };
}
