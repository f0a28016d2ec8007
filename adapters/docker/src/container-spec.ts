import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A host path bound at a path inside. */
export interface Bind {
  host: string;
  inside: string;
  readOnly?: boolean;
}

/**
 * One execution's container, as the harness asks for it: written once, and handed to the daemon either as
 * `docker run` arguments (`runArguments`) or as the Engine API's create request (`createRequest`) — the same
 * container either way (docker-api.test.ts holds the two to each other on a real daemon).
 */
export interface ContainerSpec {
  name: string;
  image: string;
  labels: Readonly<Record<string, string>>;
  /** Docker's network mode: `none` for a container that reaches nothing but its mounts. */
  networkMode?: 'none';
  /** `uid:gid`, or the image's user when absent. */
  user?: string;
  workdir: string;
  binds: readonly Bind[];
  /** Variables set inside (each value one line: docker's env file reads one a line). */
  env: Readonly<Record<string, string>>;
  /** The program the container runs first, its arguments after the image. */
  entrypoint: string;
  args: readonly string[];
}

/** `host:inside[:ro]`, as both `-v` and the API's `Binds` take it. */
const bindText = ({ host, inside, readOnly }: Bind): string => `${host}:${inside}${readOnly ? ':ro' : ''}`;

/**
 * `docker run` arguments that start the container detached, removed once it ends, under Docker's init. Values
 * travel in an env file in `control` (readable by this user alone): never on the CLI's command line, and never in the
 * docker CLI's own environment, where an eval file's LD_PRELOAD or DOCKER_HOST would act on the host's docker.
 */
export function runArguments(spec: ContainerSpec, control: string): string[] {
  return [
    'run',
    '-d',
    '--rm',
    '--init',
    '--name',
    spec.name,
    ...Object.entries(spec.labels).flatMap(([key, value]) => ['--label', `${key}=${value}`]),
    ...(spec.networkMode ? ['--network', spec.networkMode] : []),
    ...(spec.user ? ['--user', spec.user] : []),
    '--workdir',
    spec.workdir,
    ...spec.binds.flatMap((bind) => ['-v', bindText(bind)]),
    ...(Object.keys(spec.env).length > 0 ? ['--env-file', envFile(control, spec.env)] : []),
    '--entrypoint',
    spec.entrypoint,
    spec.image,
    ...spec.args,
  ];
}

/** The container's variables as docker's `--env-file` reads them (`NAME=value`, one a line). */
function envFile(control: string, env: Readonly<Record<string, string>>): string {
  const file = join(control, 'container.env');
  const lines = Object.entries(env).map(([name, value]) => `${name}=${value}`);
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  return file;
}

/** The Engine API's `POST /containers/create` body for the same container (`runArguments` without the CLI). */
export function createRequest(spec: ContainerSpec): Record<string, unknown> {
  return {
    Image: spec.image,
    Entrypoint: [spec.entrypoint],
    Cmd: [...spec.args],
    WorkingDir: spec.workdir,
    ...(spec.user ? { User: spec.user } : {}),
    Env: Object.entries(spec.env).map(([name, value]) => `${name}=${value}`),
    Labels: { ...spec.labels },
    HostConfig: {
      AutoRemove: true,
      Init: true,
      Binds: spec.binds.map(bindText),
      ...(spec.networkMode ? { NetworkMode: spec.networkMode } : {}),
    },
  };
}
