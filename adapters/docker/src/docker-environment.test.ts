import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ProcessSpec, Sandbox, SandboxRequest } from '@skill-eval/core';
import { RUN_LABEL } from '@skill-eval/engine-kit';
import { OWNER_LABELS, ownerGone, tempFolderOwner } from '@skill-eval/engine-kit/process-owner';
import { abortWhen, deadlineAfterStart } from '@skill-eval/engine-kit/testing';
import { TEST_IMAGE } from '@skill-eval/testing/docker';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dockerCli } from './docker-cli.js';
import plugin from './index.js';
import { removeLeftovers } from './leftovers.js';
import { useTestDaemon } from './test-support/test-daemon.js';

const daemon = useTestDaemon();
const { skip } = daemon;
const inDaemon = daemon.docker;
let upstream: Server;
const roots: string[] = [];

beforeAll(async () => {
  if (skip) return;
  process.env.DOCKER_HOST = daemon.host();
  upstream = createServer((req, res) => res.end(`model answered ${req.method} ${req.url}`));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
});
afterAll(() => {
  upstream?.close();
});
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function request(overrides: Partial<SandboxRequest> = {}): SandboxRequest {
  const root = mkdtempSync(join(tmpdir(), 'skill-eval-'));
  roots.push(root);
  mkdirSync(join(root, 'ws'));
  mkdirSync(join(root, 'home'));
  const { port } = upstream.address() as AddressInfo;
  return {
    executionId: 'suite.yaml/case-1/with_skill/1',
    root,
    workspace: join(root, 'ws'),
    shared: [],
    programs: [],
    env: { ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}` },
    signal: new AbortController().signal,
    ...overrides,
  };
}

/** Starts `environment` with TMPDIR set to `temp` (where it lays out its runtime), then puts TMPDIR back. */
async function startIn(temp: string, environment: ReturnType<typeof plugin.create>): Promise<void> {
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = temp;
  try {
    await environment.start?.({ runId: 'r', signal: new AbortController().signal, env: process.env });
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
}

async function started(settings: Record<string, unknown> = {}, env: NodeJS.ProcessEnv = process.env) {
  const environment = plugin.create(plugin.parseSettings({ image: TEST_IMAGE, ...settings }));
  await environment.start?.({ runId: 'test-run', signal: new AbortController().signal, env });
  return environment;
}

/** Opens a sandbox for `req`, hands it to `use`, then closes it and stops the environment. */
async function inSandbox(
  environment: Awaited<ReturnType<typeof started>>,
  req: SandboxRequest,
  use: (sandbox: Sandbox) => Promise<void>,
): Promise<void> {
  const sandbox = await environment.open(req);
  try {
    await use(sandbox);
  } finally {
    await sandbox.close();
  }
  await environment.stop?.();
}

async function shell(sandbox: Sandbox, script: string, spec: Partial<ProcessSpec> = {}) {
  const lines: string[] = [];
  const outcome = await sandbox.run({
    file: 'sh',
    args: ['-c', script],
    cwd: (spec.cwd as string | undefined) ?? '/',
    env: {},
    deadline: Date.now() + 20_000,
    onLine: (line) => lines.push(line),
    ...spec,
  });
  return { ...outcome, lines };
}

/** An address of this machine other than loopback, which a container with a network could reach. */
const hostAddress = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address ?? '10.255.255.1';

describe('docker environment', () => {
  beforeEach((ctx) => {
    if (skip) ctx.skip(skip);
  });

  it('refuses a run whose image is not on the machine, saying how to get it, and leaves nothing behind', async () => {
    const environment = plugin.create(plugin.parseSettings({ image: 'no-such/image:0' }));
    const temp = mkdtempSync(join(tmpdir(), 'docker-start-'));
    roots.push(temp);
    await expect(startIn(temp, environment)).rejects.toMatchObject({
      code: 'ENVIRONMENT_UNAVAILABLE',
      message: expect.stringContaining('no-such/image:0 is not on this machine'),
      hint: expect.stringContaining('docker pull no-such/image:0'),
    });
    // The runtime it laid out while the daemon answered is gone again.
    expect(readdirSync(temp)).toEqual([]);
  });

  it('runs a program in the container: at the workspace mount, with the env given, stdin, and its own PATH', async () => {
    const environment = await started({ env: { FROM_SUITE: 'suite value' } });
    const req = request();
    await inSandbox(environment, req, async (sandbox) => {
      expect(sandbox.info).toMatchObject({ environment: 'docker', image: TEST_IMAGE, network: 'deny' });
      expect(sandbox.info.startMs).toBeGreaterThan(0);
      const result = await shell(sandbox, 'pwd; echo "$TOKEN $FROM_SUITE"; cat; echo made > made.txt; echo $PATH', {
        cwd: req.workspace,
        env: { TOKEN: 'secret-value', PATH: '/host/only/bin' },
        stdin: 'on stdin\n',
      });
      expect(result.exitCode).toBe(0);
      expect(result.lines).toEqual([
        '/workspace',
        'secret-value suite value',
        'on stdin',
        '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      ]);
      expect(readFileSync(join(req.workspace, 'made.txt'), 'utf8')).toBe('made\n');
      // The container carries its run's label (which the next run's clean-up looks for).
      const labels = JSON.parse(inDaemon('inspect', '--format', '{{json .Config.Labels}}', sandbox.info.id!));
      expect(labels[RUN_LABEL]).toBe('test-run');
    });
  });

  it('shares a folder at its own path: one inside the execution root through the root, one outside by a mount', async () => {
    const environment = await started();
    const outside = mkdtempSync(join(tmpdir(), 'docker-shared-'));
    roots.push(outside);
    const req = request();
    const inside = join(req.root, 'artifacts');
    mkdirSync(inside);
    await inSandbox(environment, { ...req, shared: [inside, outside] }, async (sandbox) => {
      const result = await shell(sandbox, `echo in > ${inside}/a.txt && echo out > ${outside}/b.txt`);
      expect(result.exitCode).toBe(0);
      expect(readFileSync(join(inside, 'a.txt'), 'utf8')).toBe('in\n');
      expect(readFileSync(join(outside, 'b.txt'), 'utf8')).toBe('out\n');
      // No mount point on the folder inside the root: the host removes it without the kernel detaching a mount.
      const mounts = JSON.parse(inDaemon('inspect', '--format', '{{json .Mounts}}', sandbox.info.id!));
      const destinations = mounts.map((mount: { Destination: string }) => mount.Destination);
      expect(destinations).toEqual(expect.arrayContaining([req.root, outside]));
      expect(destinations).not.toContain(inside);
    });
  });

  it('cannot be taken over by a program inside: no socket it reaches the harness by can be replaced', async () => {
    const environment = await started();
    await inSandbox(environment, request(), async (sandbox) => {
      // The agent runs the container's own node in the background, out of its process group, and tries to listen
      // in place of every socket of the mounted control folder — the model proxy's, the lifeline's, and where a
      // supervisor's own would be — answering programs' requests and model calls with forged output.
      const forger = [
        "const net = require('node:net'), fs = require('node:fs');",
        "const dir = '/opt/skill-eval-run';",
        "const forged = JSON.stringify({ type: 'stdout', data: Buffer.from('forged\\n').toString('base64') });",
        "const exit = JSON.stringify({ type: 'exit', code: 0, signal: null });",
        "const http = 'HTTP/1.1 200 OK\\r\\ncontent-length: 7\\r\\nconnection: close\\r\\n\\r\\nforged\\n';",
        'const taken = [];',
        "for (const name of ['exec.sock', 'model.sock', 'life.sock']) {",
        "  try { fs.unlinkSync(dir + '/' + name); } catch {}",
        "  const answer = name === 'model.sock' ? http : forged + '\\n' + exit + '\\n';",
        "  const server = net.createServer((c) => { c.on('error', () => {}); c.on('data', () => c.end(answer)); });",
        "  server.on('error', () => {});",
        "  server.listen(dir + '/' + name, () => taken.push(name));",
        '}',
        "setTimeout(() => fs.writeFileSync('/tmp/forger-ready', taken.join(',')), 300);",
      ].join('\n');
      const planted = await shell(
        sandbox,
        `cat > /tmp/forger.js <<'EOF'\n${forger}\nEOF\n` +
          'setsid /opt/skill-eval/lib/ld-linux*.so.* --library-path /opt/skill-eval/lib /opt/skill-eval/node /tmp/forger.js </dev/null >/dev/null 2>&1 &\n' +
          'for i in $(seq 50); do [ -e /tmp/forger-ready ] && { echo "took: $(cat /tmp/forger-ready)"; exit 0; }; sleep 0.1; done; exit 1',
      );
      expect(planted.exitCode).toBe(0);
      expect(planted.lines).toEqual(['took: ']);
      // The harness's next program runs for real, and the model answers for real.
      const next = await shell(sandbox, 'echo genuine; wget -q -O- "$ANTHROPIC_BASE_URL/v1/messages"');
      expect(next.lines).toEqual(['genuine', 'model answered GET /v1/messages']);
      expect(next.exitCode).toBe(0);
    });
  });

  it("makes its containers with the docker CLI where the CLI does more than the API would: a config's proxies", async () => {
    const config = mkdtempSync(join(tmpdir(), 'docker-config-'));
    roots.push(config);
    const proxy = 'http://proxy.invalid:3128';
    writeFileSync(join(config, 'config.json'), JSON.stringify({ proxies: { default: { httpProxy: proxy } } }));
    const environment = await started({ env: { FROM_SUITE: 'one line' } }, { ...process.env, DOCKER_CONFIG: config });
    await inSandbox(environment, request(), async (sandbox) => {
      // The CLI wrote the config's proxy into the container (its entrypoint's environment), beside the suite's
      // variable from its env file.
      const made = JSON.parse(inDaemon('inspect', '--format', '{{json .Config.Env}}', sandbox.info.id!));
      expect(made).toEqual(expect.arrayContaining([`HTTP_PROXY=${proxy}`, 'FROM_SUITE=one line']));
      expect((await shell(sandbox, 'echo "$FROM_SUITE"')).lines).toEqual(['one line']);
    });
  });

  it('reaches the model endpoint through the gateway, and nothing else', async () => {
    const environment = await started();
    await inSandbox(environment, request(), async (sandbox) => {
      const model = await shell(sandbox, 'wget -q -O- "$ANTHROPIC_BASE_URL/v1/messages?x=1"');
      expect(model.lines).toEqual(['model answered GET /v1/messages?x=1']);
      const { port } = upstream.address() as AddressInfo;
      const direct = await shell(sandbox, `wget -q -O- http://${hostAddress()}:${port}/ 2>&1`);
      expect(direct.exitCode).not.toBe(0);
      expect(direct.lines.join('\n')).toMatch(/Network is unreachable|can't connect/);
    });
  });

  it('kills the process group inside at the deadline, and the container goes once closed', async () => {
    const environment = await started();
    const req = request();
    const sandbox = await environment.open(req);
    const started_ = Date.now();
    // The deadline must pass with the program started: one that had not said so yet is given twice the time.
    const { result: slow } = await deadlineAfterStart(
      (limit) => shell(sandbox, 'echo started; sleep 30 & sleep 31', { deadline: Date.now() + limit }),
      (ran) => ran.lines.length > 0,
      { firstMs: 800 },
    );
    expect(slow).toMatchObject({ timedOut: true, exitCode: null, lines: ['started'] });
    // An interrupt (Ctrl-C) stops it the same way, once it runs.
    const lines: string[] = [];
    const interrupted = await shell(sandbox, 'echo sleeping; sleep 32', {
      signal: abortWhen(() => lines.length > 0),
      onLine: (line) => lines.push(line),
    });
    expect(interrupted).toMatchObject({ aborted: true, exitCode: null });
    // What the program left running after a normal exit goes with it, as a local process group does.
    await shell(sandbox, 'sleep 40 & echo left');
    // A setup step's service stays (keepGroup) until the container goes.
    await shell(sandbox, 'sleep 50 >/dev/null 2>&1 &', { keepGroup: true });
    // Far below the 30 s and more the programs would run.
    expect(Date.now() - started_).toBeLessThan(25_000);
    // The sleep was killed inside the container, not only the docker CLI on the host.
    await expect
      .poll(() => inDaemon('exec', sandbox.info.id!, 'ps', '-o', 'args'), { timeout: 15_000 })
      .not.toMatch(/sleep (30|31|32|40)/);
    expect(inDaemon('exec', sandbox.info.id!, 'ps', '-o', 'args')).toMatch(/sleep 50/);
    await sandbox.close();
    // The supervisor's lifeline is closed: the container ends, and Docker removes it.
    await expect
      .poll(() => inDaemon('ps', '-a', '-q', '--filter', `id=${sandbox.info.id}`), { timeout: 10_000 })
      .toBe('');
    await environment.stop?.();
  }, 120_000);

  it('removes its container by itself when the harness is killed outright (kill -9)', async () => {
    const req = request();
    const script = join(req.root, 'holder.mjs');
    writeFileSync(
      script,
      `import plugin from ${JSON.stringify(new URL('../dist/index.js', import.meta.url).href)};
const environment = plugin.create(plugin.parseSettings({ image: ${JSON.stringify(TEST_IMAGE)} }));
await environment.start({ runId: 'doomed', signal: new AbortController().signal, env: process.env });
const sandbox = await environment.open({ ...${JSON.stringify({ ...req, signal: undefined })}, signal: new AbortController().signal });
console.log(sandbox.info.id);
setInterval(() => {}, 1000);
`,
    );
    const temp = mkdtempSync(join(tmpdir(), 'docker-holder-'));
    roots.push(temp);
    const holder = spawn(process.execPath, [script], {
      env: { ...process.env, DOCKER_HOST: daemon.host(), TMPDIR: temp },
    });
    const id = await new Promise<string>((resolve, reject) => {
      holder.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      holder.once('exit', (code) => reject(new Error(`holder exited ${code}`)));
    });
    expect(inDaemon('ps', '-q', '--filter', `id=${id}`)).not.toBe('');
    holder.kill('SIGKILL');
    await expect.poll(() => inDaemon('ps', '-a', '-q', '--filter', `id=${id}`), { timeout: 10_000 }).toBe('');
    // What it laid out on the host (the runtime, the execution's control folder) stays, named after the dead run, for
    // the next run to remove: the runner's stale-leftovers.ts removes every such folder whose owner is gone.
    const left = readdirSync(temp);
    expect(left).toHaveLength(2);
    expect(left.some((name) => name.includes('-docker-'))).toBe(true);
    for (const name of left) {
      const owner = tempFolderOwner(name);
      expect(owner?.[OWNER_LABELS.pid]).toBe(String(holder.pid));
      expect(ownerGone(owner!)).toBe(true);
    }
  });

  it('removes containers whose run died, and leaves those of live runs', async () => {
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.once('exit', resolve));
    const labels = (pid: number) => [
      '--label',
      `${RUN_LABEL}=x`,
      '--label',
      `skill-eval.pid=${pid}`,
      '--label',
      `skill-eval.host=${execFileSync('hostname', { encoding: 'utf8' }).trim()}`,
    ];
    const orphan = inDaemon('run', '-d', '--network', 'none', ...labels(dead.pid!), TEST_IMAGE, 'sleep', '60');
    const live = inDaemon('run', '-d', '--network', 'none', ...labels(process.pid), TEST_IMAGE, 'sleep', '60');
    try {
      expect(await removeLeftovers(dockerCli('docker', process.env))).toBeGreaterThanOrEqual(1);
      expect(inDaemon('ps', '-a', '-q', '--filter', `id=${orphan}`)).toBe('');
      expect(inDaemon('ps', '-a', '-q', '--filter', `id=${live}`)).not.toBe('');
    } finally {
      inDaemon('rm', '-f', live);
    }
  });
});

describe('docker environment in a temp folder whose path is long', () => {
  it.runIf(process.platform === 'linux')(
    'refuses to start, naming the socket path and what to do, before it asks anything of Docker',
    async () => {
      const long = join(mkdtempSync(join(tmpdir(), 'docker-long-')), 'x'.repeat(80));
      roots.push(dirname(long));
      mkdirSync(long);
      // A CLI that does not exist: without the check, the start would stop there instead, with another message.
      const environment = plugin.create(plugin.parseSettings({ image: TEST_IMAGE, docker: 'no-such-docker-cli' }));
      await expect(startIn(long, environment)).rejects.toMatchObject({
        code: 'ENVIRONMENT_UNAVAILABLE',
        message: expect.stringContaining('longer than the 107 bytes a Unix socket path may have'),
        hint: expect.stringContaining('TMPDIR'),
      });
      expect(readdirSync(long)).toEqual([]);
    },
  );
});
