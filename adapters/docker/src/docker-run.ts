import { type ContainerSpec, runArguments } from './container-spec.js';
import { apiRemoveContainer, apiRunContainer, type ContainerStart, type EngineApi } from './docker-api.js';
import { type DockerCli, docker } from './docker-cli.js';
import type { DockerSettings } from './docker-settings.js';
import type { NodeRuntime } from './host-node.js';

/** What every container of a run shares. */
export interface DockerRun {
  cli: DockerCli;
  /** The daemon's API on its local socket, when the containers are made through it rather than by the CLI. */
  api?: EngineApi;
  runId: string;
  runtime: NodeRuntime;
  settings: DockerSettings;
}

/**
 * Makes and starts an execution's container: through the daemon's API when the run found it on a local socket,
 * else with `docker run -d` (its variables in an env file in `control`). Never throws.
 */
export async function runContainer(run: DockerRun, spec: ContainerSpec, control: string): Promise<ContainerStart> {
  if (run.api) return apiRunContainer(run.api, spec);
  const created = await docker(run.cli, runArguments(spec, control));
  const id = created.stdout.trim();
  if (created.code !== 0 || !id) return { error: created.stderr.trim() || `exit ${created.code}` };
  return { id };
}

/** Removes the container whether it runs or not, the way it was made. */
export async function removeContainer(run: DockerRun, id: string): Promise<void> {
  if (run.api) await apiRemoveContainer(run.api, id);
  else await docker(run.cli, ['rm', '-f', id]);
}
