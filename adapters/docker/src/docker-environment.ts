import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Environment, EnvironmentRun, Sandbox, SandboxRequest } from '@skill-eval/core';
import { SkillEvalError } from '@skill-eval/core';
import { findExecutable } from '@skill-eval/engine-kit';
import { ownedTempPrefix } from '@skill-eval/engine-kit/process-owner';
import { controlFolderProblem } from './control-folder.js';
import { engineApi } from './docker-api.js';
import { docker, dockerCli } from './docker-cli.js';
import { localDaemonSocket } from './docker-endpoint.js';
import type { DockerRun } from './docker-run.js';
import { DockerSandbox } from './docker-sandbox.js';
import type { DockerSettings } from './docker-settings.js';
import { prepareNodeRuntime } from './host-node.js';
import { removeLeftovers } from './leftovers.js';

const unavailable = (message: string, hint: string) => new SkillEvalError('ENVIRONMENT_UNAVAILABLE', message, { hint });

/** Every execution in a container of its own, made from a local image. */
export class DockerEnvironment implements Environment {
  readonly id = 'docker';
  private run: DockerRun | undefined;
  private runtimeDir: string | undefined;

  constructor(readonly settings: DockerSettings) {}

  /**
   * Checks the CLI, the daemon and the image, removes containers of runs that died, and lays out the forwarder; a
   * start that fails leaves nothing behind.
   */
  async start({ runId, env }: EnvironmentRun): Promise<void> {
    const { settings } = this;
    if (process.platform !== 'linux') {
      throw unavailable(
        `The docker environment needs a Linux host (this is ${process.platform}): its containers run the host's node to reach the model.`,
        'Run skill-eval on Linux (a CI runner, a VM), or without --environment.',
      );
    }
    const sockets = controlFolderProblem();
    if (sockets) {
      throw unavailable(
        `The docker environment cannot use this temp folder: ${sockets}.`,
        'Point TMPDIR at a folder with a shorter path (e.g. TMPDIR=/tmp), then run again.',
      );
    }
    const file = findExecutable(settings.docker, env.PATH);
    if (!file) {
      throw unavailable(
        `The docker CLI (${settings.docker}) was not found on PATH.`,
        'Install Docker (Debian: apt-get install docker.io), or name the CLI with the docker setting.',
      );
    }
    const cli = dockerCli(file, env);
    // Each question is a round trip to the daemon, and no container starts before all are answered: they are asked
    // at once, and the runtime is laid out while they are (a missing image's run removes dead runs' containers too).
    const answers = Promise.all([
      docker(cli, ['version', '--format', '{{.Server.APIVersion}}'], { timeoutMs: 20_000 }),
      docker(cli, ['image', 'inspect', '--format', '{{.Id}}', settings.image]),
      localDaemonSocket(cli),
      removeLeftovers(cli),
    ]);
    // Named after its owner: a run killed outright leaves it, and the next run removes it (see ownedTempPrefix).
    const runtimeDir = mkdtempSync(join(tmpdir(), `${ownedTempPrefix()}docker-`));
    try {
      const runtime = prepareNodeRuntime(runtimeDir);
      const [server, image, socket] = await answers;
      if (server.code !== 0) {
        throw unavailable(
          `Docker is not reachable: ${server.stderr.trim() || `exit ${server.code}`}`,
          'Start the Docker daemon, or point DOCKER_HOST at its socket.',
        );
      }
      if (image.code !== 0) {
        throw unavailable(
          `The image ${settings.image} is not on this machine; skill-eval never pulls one.`,
          `Pull it (docker pull ${settings.image}) or build it (docker build -t ${settings.image} .), then run again.`,
        );
      }
      // The daemon's own API version, which it always accepts (`1.41`); another CLI's answer keeps the CLI.
      const apiVersion = server.stdout.trim();
      const api = socket && /^1\.\d+$/.test(apiVersion) ? engineApi(socket, apiVersion) : undefined;
      this.runtimeDir = runtimeDir;
      this.run = { cli, runId, runtime, settings, ...(api ? { api } : {}) };
    } catch (error) {
      // The daemon's answers are awaited either way: nothing of this start goes on behind the error.
      await answers.catch(() => undefined);
      rmSync(runtimeDir, { recursive: true, force: true });
      throw error;
    }
  }

  async open(request: SandboxRequest): Promise<Sandbox> {
    if (!this.run) throw new SkillEvalError('INTERNAL', 'The docker environment was opened before it was started.');
    return DockerSandbox.open(this.run, request);
  }

  async stop(): Promise<void> {
    if (this.runtimeDir) rmSync(this.runtimeDir, { recursive: true, force: true });
    this.run?.api?.agent.destroy();
    this.run = undefined;
  }
}
