import { rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { ProcessOutcome, ProcessSpec, Sandbox, SandboxInfo, SandboxRequest } from '@skill-eval/core';
import { endpointVariables, HOST_ONLY_VARIABLES, modelEndpoints, SkillEvalError } from '@skill-eval/core';
import { ownerLabels } from '@skill-eval/engine-kit';
import { makeControlFolder } from './control-folder.js';
import { type DockerCli, docker } from './docker-cli.js';
import type { DockerSettings } from './docker-settings.js';
import type { NodeRuntime } from './host-node.js';
import { insideBaseUrls, type ModelGateway, startModelGateway } from './model-gateway.js';
import { programsInside } from './programs-inside.js';
import { runSupervised } from './supervised-process.js';
import { GATEWAY_PORT } from './supervisor-script.js';

/** Where a container's gateway and supervisor sockets are, inside. */
const CONTROL_MOUNT = '/opt/skill-eval-run';

/**
 * The container's variables as docker's `--env-file` reads them (`NAME=value`, one a line; the settings refuse a
 * value on several lines), in the control folder, readable by this user alone, removed once the container exists.
 */
function containerEnvFile(control: string, env: Readonly<Record<string, string>>): string {
  const file = join(control, 'container.env');
  const lines = Object.entries(env).map(([name, value]) => `${name}=${value}`);
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  return file;
}

/** What every container of a run shares. */
export interface DockerRun {
  cli: DockerCli;
  runId: string;
  runtime: NodeRuntime;
  settings: DockerSettings;
}

/** A container name from the execution id: Docker allows `[a-zA-Z0-9][a-zA-Z0-9_.-]*`. */
const containerName = (executionId: string, control: string) =>
  `skill-eval-${executionId.replace(/[^a-zA-Z0-9_.-]+/g, '-').slice(0, 60)}-${control.slice(-6)}`.replace(/-+/g, '-');

/** One execution's container: started by `open`, gone after `close` (or with the harness, however it ends). */
export class DockerSandbox implements Sandbox {
  readonly workspace: string;
  readonly env: Readonly<Record<string, string>>;
  private readonly cwdMap: { host: string; inside: string };

  private constructor(
    settings: DockerSettings,
    readonly info: SandboxInfo,
    request: SandboxRequest,
    private readonly control: string,
    private readonly gateway: ModelGateway,
    /** What each host program really runs, inside (a shim's target, a Node script with node). */
    private readonly commands: ReadonlyMap<string, string[]>,
  ) {
    this.workspace = settings.workspaceMount;
    this.cwdMap = { host: request.workspace, inside: settings.workspaceMount };
    const urls = insideBaseUrls(GATEWAY_PORT);
    this.env = { ...settings.env, ...endpointVariables(urls) };
  }

  /** Starts the container and waits for it to be ready; throws ENVIRONMENT_FAILED, leaving nothing behind. */
  static async open(run: DockerRun, request: SandboxRequest): Promise<DockerSandbox> {
    const { settings } = run;
    const started = Date.now();
    // Read before anything is started, so that a program gone from the host leaves nothing behind.
    const programs = programsInside(request.programs, run.runtime.node);
    const control = makeControlFolder();
    const gateway = await startModelGateway(control, modelEndpoints(request.env));
    const name = containerName(request.executionId, control);
    const mounted = new Set([request.root, settings.workspaceMount, ...request.shared]);
    const args = [
      'run',
      '-d',
      '--rm',
      '--init',
      '--name',
      name,
      ...Object.entries(ownerLabels(run.runId)).flatMap(([key, value]) => ['--label', `${key}=${value}`]),
      ...(settings.network === 'deny' ? ['--network', 'none'] : []),
      ...(settings.user === 'host' && process.getuid ? ['--user', `${process.getuid()}:${process.getgid?.()}`] : []),
      '--workdir',
      settings.workspaceMount,
      ...bind(request.root, request.root),
      ...bind(request.workspace, settings.workspaceMount),
      ...request.shared.flatMap((dir) => bind(dir, dir)),
      ...programs.mounts
        .filter(({ inside }) => !mounted.has(inside))
        .flatMap(({ host, inside }) => bind(host, inside, true)),
      ...run.runtime.mounts,
      ...bind(control, CONTROL_MOUNT),
      // Values travel in a file only this user reads: never on the CLI's command line, and never in the docker CLI's
      // own environment, where an eval file's LD_PRELOAD or DOCKER_HOST would act on the host's docker.
      ...(Object.keys(settings.env).length > 0 ? ['--env-file', containerEnvFile(control, settings.env)] : []),
      '--entrypoint',
      run.runtime.supervisor[0]!,
      settings.image,
      ...run.runtime.supervisor.slice(1),
      String(GATEWAY_PORT),
      `${CONTROL_MOUNT}/model.sock`,
      `${CONTROL_MOUNT}/life.sock`,
      `${CONTROL_MOUNT}/exec.sock`,
      ...(settings.entrypoint ?? []),
    ];
    const created = await docker(run.cli, args);
    const id = created.stdout.trim();
    const fail = async (message: string): Promise<never> => {
      if (id) await docker(run.cli, ['rm', '-f', id]);
      await gateway.close();
      rmSync(control, { recursive: true, force: true });
      throw new SkillEvalError('ENVIRONMENT_FAILED', message);
    };
    if (created.code !== 0 || !id) return fail(`docker run failed: ${created.stderr.trim() || `exit ${created.code}`}`);
    try {
      await gateway.ready(settings.readyTimeoutSeconds * 1000, request.signal);
    } catch (error) {
      const logs = await docker(run.cli, ['logs', '--tail', '20', id]);
      const said = `${logs.stdout}${logs.stderr}`.trim();
      return fail(`${(error as Error).message}${said ? `; it said: ${said}` : ''}`);
    }
    const info: SandboxInfo = {
      environment: 'docker',
      image: settings.image,
      id: id.slice(0, 12),
      startMs: Date.now() - started,
      network: settings.network,
    };
    return new DockerSandbox(settings, info, request, control, gateway, programs.commands);
  }

  async run(spec: ProcessSpec): Promise<ProcessOutcome> {
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries({ ...this.env, ...spec.env })) {
      if (!HOST_ONLY_VARIABLES.has(name)) env[name] = value;
    }
    const [file, ...lead] = this.commands.get(spec.file) ?? [spec.file];
    return runSupervised(
      join(this.control, 'exec.sock'),
      {
        file: file!,
        args: [...lead, ...spec.args],
        ...(spec.argv0 !== undefined ? { argv0: spec.argv0 } : {}),
        cwd: this.insideCwd(spec.cwd),
        env,
        ...(spec.stdin !== undefined ? { stdin: spec.stdin } : {}),
        ...(spec.keepGroup ? { keepGroup: true } : {}),
      },
      spec,
    );
  }

  /** The working directory inside: the workspace is at its mount, every other path of the execution where it is. */
  private insideCwd(cwd: string): string {
    const rel = relative(this.cwdMap.host, cwd);
    if (rel === '') return this.cwdMap.inside;
    if (rel.startsWith(`..${sep}`) || rel === '..' || rel.startsWith(sep)) return cwd;
    return `${this.cwdMap.inside}/${rel.split(sep).join('/')}`;
  }

  /**
   * Closes the lifeline: the supervisor exits, which ends the container, and Docker removes it (`--rm`) without the
   * harness waiting on it. One a wedged supervisor kept is removed by the next run once this process is gone.
   */
  async close(): Promise<void> {
    await this.gateway.close();
    rmSync(this.control, { recursive: true, force: true });
  }
}

/** `-v` arguments binding a host path at a path inside. */
function bind(host: string, inside: string, readOnly = false): string[] {
  return ['-v', `${host}:${inside}${readOnly ? ':ro' : ''}`];
}
