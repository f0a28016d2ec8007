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
 * the client variables alone: nothing of an eval file's reaches the program on the host. It is started by the
 * process launcher, as every program of a run is: a fork of the harness's own large process would hold up its event
 * loop at every execution's `docker run`.
 */
export async function docker(
  cli: DockerCli,
  args: readonly string[],
  options: { timeoutMs?: number } = {},
): Promise<DockerOutput> {
  const { runGroupProcess } = await import('@skill-eval/engine-kit/run-group-process');
  const lines: string[] = [];
  const outcome = await runGroupProcess({
    file: cli.file,
    args,
    cwd: process.cwd(),
    env: cli.env,
    deadline: Date.now() + (options.timeoutMs ?? 60_000),
    onLine: (line) => {
      lines.push(line);
    },
  });
  const stdout = lines.length > 0 ? `${lines.join('\n')}\n` : '';
  if (outcome.spawnError !== undefined) return { stdout, stderr: outcome.spawnError, code: -1 };
  return { stdout, stderr: outcome.stderrTail, code: outcome.exitCode ?? -1 };
}
