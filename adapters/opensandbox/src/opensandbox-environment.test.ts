import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProcessSpec, Sandbox, SandboxRequest } from '@skill-eval/core';
import { RUN_LABEL } from '@skill-eval/engine-kit';
import { type FakeOpenSandbox, startFakeOpenSandbox } from '@skill-eval/testing/opensandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import plugin from './index.js';
import { OpenSandboxEnvironment } from './opensandbox-environment.js';

// The fake runs each sandbox's programs with chroot, which needs root (as CI has).
const skip = process.getuid?.() === 0 ? undefined : 'the fake OpenSandbox server chroots, which needs root';
let server: FakeOpenSandbox;
let model: Server;
const roots: string[] = [];

beforeAll(async () => {
  if (skip) return;
  server = await startFakeOpenSandbox();
  model = createServer((req, res) => res.end(`model answered ${req.url}`));
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  model?.close();
  await server?.close();
});
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const modelUrl = () => `http://127.0.0.1:${(model.address() as AddressInfo).port}`;

function request(overrides: Partial<SandboxRequest> = {}): SandboxRequest {
  const root = mkdtempSync(join(tmpdir(), 'skill-eval-'));
  roots.push(root);
  mkdirSync(join(root, 'ws'));
  mkdirSync(join(root, 'home'));
  mkdirSync(join(root, 'artifacts'));
  return {
    executionId: 'suite.yaml/case-1/with_skill/1',
    root,
    workspace: join(root, 'ws'),
    shared: [join(root, 'artifacts')],
    programs: [],
    env: { ANTHROPIC_BASE_URL: modelUrl() },
    signal: new AbortController().signal,
    ...overrides,
  };
}

const serverEnv = () => ({ OPENSANDBOX_BASE_URL: server.url, OPENSANDBOX_API_KEY: server.apiKey });
const runOf = (env: Record<string, string>) => ({ runId: 'osb-run', signal: new AbortController().signal, env });

async function started(settings: Record<string, unknown> = {}) {
  const environment = new OpenSandboxEnvironment(plugin.parseSettings({ image: 'python:3.11', ...settings }));
  await environment.start(runOf(serverEnv()));
  return environment;
}

async function shell(sandbox: Sandbox, script: string, spec: Partial<ProcessSpec> = {}) {
  const lines: string[] = [];
  const outcome = await sandbox.run({
    file: 'sh',
    args: ['-c', script],
    cwd: '/',
    env: {},
    deadline: Date.now() + 20_000,
    onLine: (line) => lines.push(line),
    ...spec,
  });
  return { ...outcome, lines };
}

describe.skipIf(skip)('opensandbox environment, through the official SDK against a fake server', () => {
  it('needs the server and its key, as skill-up does', async () => {
    const environment = new OpenSandboxEnvironment(plugin.parseSettings('img'));
    await expect(environment.start(runOf({}))).rejects.toMatchObject({
      code: 'ENVIRONMENT_UNAVAILABLE',
      message: expect.stringContaining('OPENSANDBOX_BASE_URL'),
    });
    const keyless = new OpenSandboxEnvironment(plugin.parseSettings('img'));
    await expect(keyless.start(runOf({ OPENSANDBOX_BASE_URL: server.url }))).rejects.toThrow(/OPENSANDBOX_API_KEY/);
  });

  it('creates the sandbox with skill-up’s fields: image, entrypoint, env, metadata, timeout, egress to the model only', async () => {
    const environment = await started({
      env: { SUITE: 'on' },
      allowedEgress: ['pypi.org'],
      sandboxTimeoutSeconds: 900,
    });
    const sandbox = await environment.open(request());
    try {
      const created = server.sandboxes.get(sandbox.info.id!)!;
      expect(created.request).toMatchObject({
        image: { uri: 'python:3.11' },
        entrypoint: ['tail -F /dev/null'],
        env: { SUITE: 'on' },
        timeout: 900,
        networkPolicy: {
          defaultAction: 'deny',
          egress: [
            { action: 'allow', target: '127.0.0.1' },
            { action: 'allow', target: 'api.openai.com' },
            { action: 'allow', target: 'generativelanguage.googleapis.com' },
            { action: 'allow', target: 'pypi.org' },
          ],
        },
      });
      expect((created.request.metadata as Record<string, string>)[RUN_LABEL]).toBe('osb-run');
      expect(sandbox.info).toMatchObject({ environment: 'opensandbox', image: 'python:3.11', network: 'deny' });
    } finally {
      await sandbox.close();
    }
    expect(server.sandboxes.get(sandbox.info.id!)?.state).toBe('Terminated');
  });

  it('runs programs at the workspace mount with stdin and env, and mirrors files both ways', async () => {
    const environment = await started({ workspaceMount: '/work/space' });
    const req = request();
    writeFileSync(join(req.workspace, 'given.txt'), 'from the host\n');
    const sandbox = await environment.open(req);
    try {
      const result = await shell(
        sandbox,
        'pwd; cat given.txt; cat; echo "$TOKEN"; echo made > made.txt; rm given.txt; wget -q -O- "$ANTHROPIC_BASE_URL/v1/x"',
        { cwd: req.workspace, stdin: 'on stdin\n', env: { TOKEN: 'tok-1', ANTHROPIC_BASE_URL: modelUrl() } },
      );
      expect(result.exitCode).toBe(0);
      expect(result.lines).toEqual(['/work/space', 'from the host', 'on stdin', 'tok-1', 'model answered /v1/x']);
      expect(readFileSync(join(req.workspace, 'made.txt'), 'utf8')).toBe('made\n');
      expect(existsSync(join(req.workspace, 'given.txt'))).toBe(false);
      // A file the host deletes goes inside too (a contract engine removes its old output before each turn).
      writeFileSync(join(req.shared[0]!, 'out.json'), '{}');
      expect((await shell(sandbox, `cat ${req.shared[0]}/out.json`)).lines).toEqual(['{}']);
      rmSync(join(req.shared[0]!, 'out.json'));
      expect((await shell(sandbox, `test -e ${req.shared[0]}/out.json; echo $?`)).lines).toEqual(['1']);
      const failed = await shell(sandbox, 'exit 3');
      expect(failed.exitCode).toBe(3);
    } finally {
      await sandbox.close();
    }
  });

  it('brings back what a program wrote without writing through a link of the host workspace, nor a set-id bit', async () => {
    const environment = await started();
    const req = request();
    const outside = join(req.root, 'outside.txt');
    writeFileSync(outside, 'host file\n');
    // A fixture's link, staged into the workspace on the host: inside it is a plain file the program may write.
    symlinkSync(outside, join(req.workspace, 'linked.txt'));
    const sandbox = await environment.open(req);
    try {
      const wrote = await shell(sandbox, 'rm -f linked.txt; echo remote > linked.txt; echo x > tool; chmod 4755 tool', {
        cwd: req.workspace,
      });
      expect(wrote.exitCode).toBe(0);
      await sandbox.sync?.();
      expect(readFileSync(outside, 'utf8')).toBe('host file\n');
      expect(lstatSync(join(req.workspace, 'linked.txt')).isFile()).toBe(true);
      expect(readFileSync(join(req.workspace, 'linked.txt'), 'utf8')).toBe('remote\n');
      expect(statSync(join(req.workspace, 'tool')).mode & 0o7777).toBe(0o755);
    } finally {
      await sandbox.close();
    }
  });

  it('runs a program installed by pnpm: what its shim executes is uploaded and run, not the shim alone', async () => {
    const environment = await started();
    const req = request();
    // pnpm's layout: the package in its store, linked from node_modules, and a cmd-shim in node_modules/.bin.
    const modules = join(req.root, 'project', 'node_modules');
    const store = join(modules, '.pnpm', 'agent@1.0.0', 'node_modules', 'agent');
    mkdirSync(join(store, 'bin'), { recursive: true });
    writeFileSync(join(store, 'bin', 'agent'), '#!/bin/sh\necho "the agent ran: $*"\n');
    chmodSync(join(store, 'bin', 'agent'), 0o755);
    symlinkSync(join('.pnpm', 'agent@1.0.0', 'node_modules', 'agent'), join(modules, 'agent'));
    mkdirSync(join(modules, '.bin'));
    const shim = join(modules, '.bin', 'agent');
    writeFileSync(
      shim,
      [
        '#!/bin/sh',
        'basedir=$(dirname "$(echo "$0" | sed -e \'s,\\\\,/,g\')")',
        '',
        'exec "$basedir/../agent/bin/agent" "$@"',
        '',
      ].join('\n'),
    );
    chmodSync(shim, 0o755);
    const sandbox = await environment.open({ ...req, programs: [shim] });
    try {
      const ran = await shell(sandbox, '', { file: shim, args: ['--print', 'hi'] });
      expect(ran).toMatchObject({ exitCode: 0, lines: ['the agent ran: --print hi'] });
      // A shell line that names the shim finds it too (its own path holds its content).
      expect((await shell(sandbox, `test -x ${shim} && echo there`)).lines).toEqual(['there']);
    } finally {
      await sandbox.close();
    }
  });

  it('stops a program at its deadline and when a line asks to stop', async () => {
    const environment = await started();
    const sandbox = await environment.open(request());
    try {
      const slow = await shell(sandbox, 'echo started; sleep 30', { deadline: Date.now() + 1_000 });
      expect(slow).toMatchObject({ timedOut: true, exitCode: null, lines: ['started'] });
      const stopped = await shell(sandbox, 'echo one; echo two; sleep 30', {
        onLine: (line) => (line === 'one' ? 'stop' : undefined),
      });
      expect(stopped).toMatchObject({ stopped: true, exitCode: null });
    } finally {
      await sandbox.close();
    }
  });
});
