import { execFile } from 'node:child_process';
import { SkillEvalError } from '@skill-eval/core';

/** What one docker command printed. */
export interface DockerOutput {
  stdout: string;
  stderr: string;
  code: number;
}

/** Runs the docker CLI for a short command (not a workload): bounded in time, output collected. */
export function docker(
  cli: string,
  args: readonly string[],
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<DockerOutput> {
  return new Promise((resolve) => {
    execFile(
      cli,
      [...args],
      { timeout: options.timeoutMs ?? 60_000, maxBuffer: 16 * 1024 * 1024, env: options.env ?? process.env },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        const spawnFailed = error && typeof error.code === 'string';
        resolve({ stdout, stderr: spawnFailed ? `${error.message}` : stderr, code });
      },
    );
  });
}

/** The output of a docker command that must succeed; ENVIRONMENT_FAILED with its stderr otherwise. */
export async function dockerOk(
  cli: string,
  args: readonly string[],
  what: string,
  options: { timeoutMs?: number } = {},
): Promise<string> {
  const out = await docker(cli, args, options);
  if (out.code === 0) return out.stdout.trim();
  throw new SkillEvalError('ENVIRONMENT_FAILED', `${what} failed: ${out.stderr.trim() || `exit ${out.code}`}`);
}
