import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findExecutable } from '@skill-eval/engine-kit';
import { TEST_IMAGE } from '@skill-eval/testing/docker';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContainerSpec } from './container-spec.js';
import { apiRemoveContainer, apiRunContainer, type EngineApi, engineApi } from './docker-api.js';
import { dockerCli } from './docker-cli.js';
import { localDaemonSocket } from './docker-endpoint.js';
import type { DockerRun } from './docker-run.js';
import { runContainer } from './docker-run.js';
import { useTestDaemon } from './test-support/test-daemon.js';

const daemon = useTestDaemon();
const { skip } = daemon;
const inDaemon = daemon.docker;
let api: EngineApi;
const roots: string[] = [];
const made: string[] = [];

beforeAll(() => {
  if (skip) return;
  api = engineApi(daemon.host().slice('unix://'.length), inDaemon('version', '--format', '{{.Server.APIVersion}}'));
});
afterAll(() => {
  api?.agent.destroy();
});
afterEach(() => {
  // One already gone (its end removed it) is nothing to undo.
  for (const id of made.splice(0)) removeQuietly(id);
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function removeQuietly(id: string): void {
  try {
    inDaemon('rm', '-f', id);
  } catch {}
}

function folder(): string {
  const root = mkdtempSync(join(tmpdir(), 'docker-api-'));
  roots.push(root);
  return root;
}

/** A container of the shape an execution's is, running `sleep` (so that it stays to be looked at). */
function spec(name: string): ContainerSpec {
  const root = folder();
  mkdirSync(join(root, 'ws'));
  return {
    name: `skill-eval-api-test-${name}-${process.pid}`,
    image: TEST_IMAGE,
    labels: { 'dev.skill-eval.test': name, 'dev.skill-eval.other': 'a=b c' },
    networkMode: 'none',
    user: '1234:1234',
    workdir: '/workspace',
    binds: [
      { host: root, inside: root },
      { host: join(root, 'ws'), inside: '/workspace' },
      { host: root, inside: '/opt/read-only', readOnly: true },
    ],
    env: { TOKEN: 'secret value', EMPTY: '', WITH_EQUALS: 'a=b' },
    entrypoint: 'sleep',
    args: ['30'],
  };
}

/** What `docker inspect` says of a container, as far as the harness chose it. */
function chosen(id: string) {
  const inspected = JSON.parse(inDaemon('inspect', id))[0];
  const { Config: config, HostConfig: host } = inspected;
  return {
    image: config.Image,
    entrypoint: config.Entrypoint,
    cmd: config.Cmd,
    workdir: config.WorkingDir,
    user: config.User,
    env: [...config.Env].sort(),
    labels: config.Labels,
    autoRemove: host.AutoRemove,
    init: host.Init,
    binds: host.Binds,
    network: host.NetworkMode,
    running: inspected.State.Running,
  };
}

describe("the Engine API, held to the docker CLI's `docker run`", () => {
  beforeEach((ctx) => {
    if (skip) ctx.skip(skip);
  });

  it('makes the very container `docker run -d` makes of the same spec', async () => {
    const cli = dockerCli(findExecutable('docker', process.env.PATH)!, { ...process.env, DOCKER_HOST: daemon.host() });
    const viaCli: DockerRun = {
      cli,
      runId: 'r',
      runtime: { mounts: [], node: [], supervisor: [] },
      settings: {} as never,
    };
    const control = folder();
    const byCli = await runContainer(viaCli, spec('cli'), control);
    const byApi = await apiRunContainer(api, spec('api'));
    if (byCli.id) made.push(byCli.id);
    if (byApi.id) made.push(byApi.id);
    expect(byCli.error).toBeUndefined();
    expect(byApi.error).toBeUndefined();
    const [fromCli, fromApi] = [chosen(byCli.id!), chosen(byApi.id!)];
    // The two specs differ in their folders and labels' values alone. The CLI gives the daemon its binds in no
    // particular order (it keeps them in a Go map), and the daemon mounts them by depth whatever the order.
    const same = (seen: ReturnType<typeof chosen>) => ({
      ...seen,
      binds: seen.binds.map((bind: string) => bind.replace(/docker-api-[^/:]+/g, '<root>')).sort(),
      labels: { ...seen.labels, 'dev.skill-eval.test': '<name>' },
    });
    expect(same(fromApi)).toEqual(same(fromCli));
    expect(fromApi).toMatchObject({
      entrypoint: ['sleep'],
      cmd: ['30'],
      user: '1234:1234',
      autoRemove: true,
      init: true,
      network: 'none',
      running: true,
    });
    expect(fromApi.env).toEqual(expect.arrayContaining(['TOKEN=secret value', 'EMPTY=', 'WITH_EQUALS=a=b']));
  });

  it('says what the daemon refused, as the CLI would, and removes a container that was made but did not start', async () => {
    const missing = await apiRunContainer(api, { ...spec('missing'), image: 'no-such/image:0' });
    expect(missing).toEqual({ error: expect.stringMatching(/^Error response from daemon: .*no-such\/image/) });

    // A file bound over a folder of the image: the daemon makes the container, and the runtime cannot start it.
    const file = join(folder(), 'a-file');
    writeFileSync(file, '');
    const unstartable = await apiRunContainer(api, { ...spec('unstartable'), binds: [{ host: file, inside: '/etc' }] });
    expect(unstartable.error).toMatch(/^Error response from daemon: .*not a directory/);
    expect(unstartable.id).toBeTruthy();
    await apiRemoveContainer(api, unstartable.id!);
    expect(inDaemon('ps', '-aq', '--filter', `id=${unstartable.id}`)).toBe('');
    // Removing it again (gone already) is no error.
    await apiRemoveContainer(api, unstartable.id!);
  });

  it('ends with why when the daemon cannot be reached', async () => {
    const nowhere = engineApi(join(folder(), 'no-daemon.sock'), api.version);
    const outcome = await apiRunContainer(nowhere, spec('nowhere'));
    nowhere.agent.destroy();
    expect(outcome).toEqual({ error: expect.stringContaining('ENOENT') });
  });
});

describe("the daemon's local socket, found through the CLI", () => {
  beforeEach((ctx) => {
    if (skip) ctx.skip(skip);
  });

  const cliWith = (env: Record<string, string>) =>
    dockerCli(findExecutable('docker', process.env.PATH)!, { PATH: process.env.PATH!, ...env });

  it("is the socket of the CLI's endpoint when that is local", async () => {
    const config = folder();
    expect(await localDaemonSocket(cliWith({ DOCKER_HOST: daemon.host(), DOCKER_CONFIG: config }))).toBe(
      daemon.host().slice('unix://'.length),
    );
  });

  it('is none for an endpoint over TCP, or a config whose proxies the CLI puts into every container', async () => {
    const config = folder();
    expect(
      await localDaemonSocket(cliWith({ DOCKER_HOST: 'tcp://127.0.0.1:1', DOCKER_CONFIG: config })),
    ).toBeUndefined();
    writeFileSync(
      join(config, 'config.json'),
      JSON.stringify({ proxies: { default: { httpProxy: 'http://proxy:3128' } } }),
    );
    expect(await localDaemonSocket(cliWith({ DOCKER_HOST: daemon.host(), DOCKER_CONFIG: config }))).toBeUndefined();
  });
});
