import { execFile } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { DOCKER_CLI_VARIABLES } from '@skill-eval/engine-kit/docker-cli-variables';

/** The docker CLI as the run uses it: its file, and the environment it reads its daemon and contexts from. */
export interface DockerCli {
  file: string;
  env: Record<string, string>;
}

/** What one docker command printed. */
export interface DockerOutput {
  stdout: string;
  stderr: string;
  code: number;
}

/** The CLI at `file`, with the run's variables that tell it which daemon to talk to, and how. */
export function dockerCli(file: string, runEnv: Readonly<Record<string, string | undefined>>): DockerCli {
  const env: Record<string, string> = {};
  for (const name of DOCKER_CLI_VARIABLES) {
    const value = runEnv[name];
    if (value !== undefined) env[name] = value;
  }
  // The user's contexts and credentials, wherever HOME points for the programs it starts.
  env.DOCKER_CONFIG ??= join(homedir(), '.docker');
  return { file, env };
}

/**
 * Runs the docker CLI for a short command (not a workload): bounded in time, output collected. Its environment is
 * the client variables alone: nothing of an eval file's reaches the program on the host.
 */
export function docker(
  cli: DockerCli,
  args: readonly string[],
  options: { timeoutMs?: number } = {},
): Promise<DockerOutput> {
  return new Promise((resolve) => {
    execFile(
      cli.file,
      [...args],
      {
        timeout: options.timeoutMs ?? 60_000,
        maxBuffer: 16 * 1024 * 1024,
        env: cli.env,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        const spawnFailed = error && typeof error.code === 'string';
        resolve({ stdout, stderr: spawnFailed ? error.message : stderr, code });
      },
    );
  });
}
