import { rmSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import type { ProcessOutcome, ProcessSpec, Sandbox, SandboxInfo, SandboxRequest } from '@skill-eval/core';
import { endpointVariables, HOST_ONLY_VARIABLES, modelEndpoints, SkillEvalError } from '@skill-eval/core';
import { ownerLabels } from '@skill-eval/engine-kit';
import type { Bind, ContainerSpec } from './container-spec.js';
import { makeControlFolder } from './control-folder.js';
import { docker } from './docker-cli.js';
import { type DockerRun, removeContainer, runContainer } from './docker-run.js';
import type { DockerSettings } from './docker-settings.js';
import { insideBaseUrls, type ModelGateway, startModelGateway } from './model-gateway.js';
import { programsInside } from './programs-inside.js';
import { runSupervised } from './supervised-process.js';
import { GATEWAY_PORT } from './supervisor-script.js';

/** Where a container's gateway and supervisor sockets are, inside. */
const CONTROL_MOUNT = '/opt/skill-eval-run';

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
    const mounted = new Set([request.root, settings.workspaceMount, ...request.shared]);
    const spec: ContainerSpec = {
      name: containerName(request.executionId, control),
      image: settings.image,
      labels: ownerLabels(run.runId),
      ...(settings.network === 'deny' ? { networkMode: 'none' as const } : {}),
      ...(settings.user === 'host' && process.getuid ? { user: `${process.getuid()}:${process.getgid?.()}` } : {}),
      workdir: settings.workspaceMount,
      binds: [
        { host: request.root, inside: request.root },
        { host: request.workspace, inside: settings.workspaceMount },
        // A shared folder inside the root is there already, at its own path: bound again, it would be a mount point
        // on the host's folder, whose removal then waits for the kernel to detach it from the container.
        ...request.shared.filter((dir) => !within(request.root, dir)).map((dir): Bind => ({ host: dir, inside: dir })),
        ...programs.mounts.filter(({ inside }) => !mounted.has(inside)).map((bind) => ({ ...bind, readOnly: true })),
        ...run.runtime.mounts,
        // Read-only: the supervisor only connects to the harness's sockets there (a connect writes nothing to the
        // folder), and a program inside, which runs as the same user, can then neither remove nor replace them.
        { host: control, inside: CONTROL_MOUNT, readOnly: true },
      ],
      env: settings.env,
      entrypoint: run.runtime.supervisor[0]!,
      args: [
        ...run.runtime.supervisor.slice(1),
        String(GATEWAY_PORT),
        `${CONTROL_MOUNT}/model.sock`,
        `${CONTROL_MOUNT}/life.sock`,
        ...(settings.entrypoint ?? []),
      ],
    };
    const created = await runContainer(run, spec, control);
    const { id } = created;
    const fail = async (message: string): Promise<never> => {
      if (id) await removeContainer(run, id);
      await gateway.close();
      rmSync(control, { recursive: true, force: true });
      throw new SkillEvalError('ENVIRONMENT_FAILED', message);
    };
    if (created.error !== undefined || !id) return fail(`docker run failed: ${created.error}`);
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
      this.gateway.supervisor,
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

/** Whether `path` is `folder` or below it. */
function within(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
