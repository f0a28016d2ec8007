import { execFileSync } from 'node:child_process';
import fs, {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { CaseResult } from '@skill-eval/core';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { dockerUnavailable, startTestDocker, TEST_IMAGE, type TestDocker } from '@skill-eval/testing/docker';
import cmdShim from '@zkochan/cmd-shim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { CLAUDE_BIN, COPILOT_BIN, GEMINI_BIN, OPENCODE_BIN } from '../test-support/paths.js';
import { resultsByCase } from '../test-support/run-output.js';

const skip = dockerUnavailable();
/** The standalone claude executable this repository's bin links to (pnpm-workspace.yaml: bins are links). */
const CLAUDE_EXE = () => realpathSync(CLAUDE_BIN);

/**
 * Writes pnpm's shim of `target` at `at` with the shim writer pnpm 10 runs at `pnpm install` (@zkochan/cmd-shim 7, as
 * pnpm's link-bins calls it). The writer reads the target for a `#!` line: only its head here, not 381 MB of claude.
 */
async function pnpmShim(target: string, at: string): Promise<string> {
  const readHead = (path: string, encoding: BufferEncoding, done: (error: Error | null, text?: string) => void) => {
    const head = Buffer.alloc(4096);
    const fd = openSync(path, 'r');
    try {
      done(null, head.subarray(0, readSync(fd, head, 0, head.length, 0)).toString(encoding));
    } catch (error) {
      done(error as Error);
    } finally {
      closeSync(fd);
    }
  };
  await cmdShim(target, at, { createPwshFile: false, fs: { ...fs, readFile: readHead } as unknown as typeof fs });
  return at;
}

/** Writes `target` as a link at `link` (its folders made). */
const link = (target: string, at: string) => {
  mkdirSync(dirname(at), { recursive: true });
  symlinkSync(target, at);
  return at;
};

/**
 * claude as each way of installing it lays it out in `root`, all running the real binary of this repository: pnpm's
 * shim in a project's node_modules, npm's global link into its package, the native installer's link into a versions
 * folder, and a shim running the package's Node launcher (cli-wrapper.cjs, what runs where install scripts are off).
 */
async function claudeInstalls(root: string): Promise<Record<InstallShape, string>> {
  const exe = CLAUDE_EXE();
  const pkg = dirname(dirname(exe));
  const pnpmPackage = link(pkg, join(root, 'pnpm', 'node_modules', '@anthropic-ai', 'claude-code'));
  const pnpm = await pnpmShim(
    join(pnpmPackage, 'bin', 'claude.exe'),
    join(root, 'pnpm', 'node_modules', '.bin', 'claude'),
  );
  const npmPackage = link(pkg, join(root, 'npm', 'lib', 'node_modules', '@anthropic-ai', 'claude-code'));
  const npm = link(
    relative(join(root, 'npm', 'bin'), join(npmPackage, 'bin', 'claude.exe')),
    join(root, 'npm', 'bin', 'claude'),
  );
  const version = link(exe, join(root, 'native', 'share', 'claude', 'versions', '2.1.330'));
  const native = link(relative(join(root, 'native', 'bin'), version), join(root, 'native', 'bin', 'claude'));
  const nodeShim = join(root, 'node-shim', 'bin', 'claude');
  mkdirSync(dirname(nodeShim), { recursive: true });
  const launcher = relative(dirname(nodeShim), join(pkg, 'cli-wrapper.cjs'));
  writeFileSync(
    nodeShim,
    `#!/bin/sh\nbasedir=$(dirname "$(echo "$0" | sed -e 's,\\\\,/,g')")\nexec node  "$basedir/${launcher}" "$@"\n`,
  );
  chmodSync(nodeShim, 0o755);
  return {
    "pnpm's shim": pnpm,
    "npm's global link": npm,
    "the native installer's link": native,
    'a shim of its Node launcher': nodeShim,
  };
}
const INSTALL_SHAPES = [
  "pnpm's shim",
  "npm's global link",
  "the native installer's link",
  'a shim of its Node launcher',
] as const;
type InstallShape = (typeof INSTALL_SHAPES)[number];

/**
 * The agents whose model API is not claude's, each run inside as a user would: its own skill tool, its own way to write
 * a file, its own API (the container reaches each only through the gateway's path for it).
 */
const AGENTS = [
  {
    engine: 'gemini-cli',
    api: 'gemini',
    settings: [`path=${GEMINI_BIN}`, 'model=gemini-2.5-flash'],
    skill: { name: 'activate_skill', input: { name: 'pirate' } },
    write: { name: 'write_file', input: { file_path: 'ahoy.txt', content: 'Ahoy!\n' } },
  },
  {
    engine: 'opencode',
    api: 'anthropic',
    settings: [`path=${OPENCODE_BIN}`, 'model=anthropic/claude-sonnet-4-5'],
    skill: { name: 'skill', input: { name: 'pirate' } },
    write: { name: 'write', input: { filePath: 'ahoy.txt', content: 'Ahoy!\n' } },
  },
  {
    engine: 'copilot',
    api: 'openai',
    settings: [`path=${COPILOT_BIN}`, 'model=gpt-4o', 'provider=openai'],
    skill: { name: 'skill', input: { skill: 'pirate' } },
    write: { name: 'bash', input: { command: 'echo Ahoy! > ahoy.txt', description: 'write ahoy.txt' } },
  },
] as const;

/**
 * An agent for the command engine: asks the model through its base URL, then tries another address directly. It uses
 * busybox's wget, which the host (busybox-static) and the test image both have.
 */
const AGENT = `#!/bin/sh
case "$SKILL_EVAL_PROMPT" in *sleep*) echo sleeping; sleep 60;; esac
echo "cwd: $(pwd)"
reply=$(busybox wget -q -O- --header "x-api-key: $ANTHROPIC_API_KEY" --header "anthropic-version: 2023-06-01" \\
  --header "content-type: application/json" \\
  --post-data '{"model":"claude-sonnet-4-5","max_tokens":64,"messages":[{"role":"user","content":"ping from the agent"}]}' \\
  "$ANTHROPIC_BASE_URL/v1/messages" 2>&1)
echo "model said: $reply"
if busybox wget -q -O- "http://$SKILL_EVAL_OTHER_ADDRESS/" >/dev/null 2>&1; then echo "other address: reached"; else echo "other address: blocked"; fi
echo done > agent-was-here.txt
`;

const suite = (environment: string[]) =>
  [
    'schema_version: v1alpha1',
    'environment:',
    ...environment.map((line) => `  ${line}`),
    'cases:',
    '  files: [evals/cases/*.yaml]',
    '  defaults:',
    '    collect_artifacts: ["*.txt"]',
  ].join('\n');

describe('run --environment docker: every execution in a container', () => {
  beforeEach((ctx) => {
    if (skip) ctx.skip(skip);
  });

  let daemon: TestDocker;
  let model: FakeModelServer;
  let other: Server;
  let dir: string;
  const saved = process.env.DOCKER_HOST;
  const docker = (...args: string[]) =>
    execFileSync('docker', args, { encoding: 'utf8', env: { ...process.env, DOCKER_HOST: daemon.host } }).trim();
  const otherAddress = () => {
    const ip = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    return `${ip ?? '127.0.0.1'}:${(other.address() as AddressInfo).port}`;
  };
  let runs = 0;
  const run = async (project: string, args: string[]) => {
    const out = `out-${++runs}`;
    const io = captureIO(join(dir, project), {
      PATH: process.env.PATH,
      DOCKER_HOST: daemon.host,
      ANTHROPIC_BASE_URL: model.url,
      ANTHROPIC_API_KEY: 'test-key-for-the-fake-server',
      OPENAI_BASE_URL: `${model.url}/v1`,
      OPENAI_API_KEY: 'test-key-for-the-fake-server',
      GOOGLE_GEMINI_BASE_URL: model.url,
      GEMINI_API_KEY: 'test-key-for-the-fake-server',
      SKILL_EVAL_OTHER_ADDRESS: otherAddress(),
    });
    const code = await main(['run', '.', '--out', out, '--no-cache', '--trust', ...args], io);
    const results = existsSync(join(dir, project, out, 'results.jsonl'))
      ? resultsByCase(join(dir, project, out))
      : new Map<string, CaseResult>();
    return { code, err: io.err(), results, out: join(dir, project, out) };
  };

  beforeAll(async () => {
    if (skip) return;
    daemon = await startTestDocker();
    process.env.DOCKER_HOST = daemon.host;
    model = await startFakeModelServer({
      conversations: [
        // Before claude's, whose prompt theirs begin with.
        ...AGENTS.map((agent) => ({
          id: agent.engine,
          match: { user: `Greet me like a pirate on ${agent.engine}`, tools: true },
          responses: [{ toolCalls: [agent.skill] }, { toolCalls: [agent.write] }, { text: 'Ahoy, written.' }],
        })),
        {
          id: 'claude',
          match: { user: 'Greet me like a pirate', tools: true },
          responses: [
            { toolCalls: [{ name: 'Skill', input: { skill: 'pirate' } }] },
            { toolCalls: [{ name: 'Write', input: { file_path: '{{cwd}}/ahoy.txt', content: 'Ahoy!\n' } }] },
            { text: 'Ahoy, written.' },
          ],
        },
        { id: 'agent', match: { user: 'ping from the agent' }, responses: [{ text: 'pong from the model' }] },
      ],
    });
    other = createServer((_req, res) => res.end('you reached me'));
    await new Promise<void>((resolve) => other.listen(0, '0.0.0.0', resolve));
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-env-e2e-'));
    for (const project of ['claude', 'agent', ...AGENTS.map((agent) => agent.engine)]) {
      mkdirSync(join(dir, project, 'evals', 'cases'), { recursive: true });
      writeFileSync(
        join(dir, project, 'SKILL.md'),
        '---\nname: pirate\ndescription: Greets like a pirate.\n---\nSay Ahoy.\n',
      );
    }
    writeFileSync(
      join(dir, 'claude', 'evals', 'eval.yaml'),
      suite([
        'type: docker',
        `image: ${TEST_IMAGE}`,
        'network_policy: deny_all',
        'setup_steps: [{run: "pwd > setup.txt"}]',
      ]),
    );
    writeFileSync(
      join(dir, 'claude', 'evals', 'cases', 'greet.yaml'),
      'id: greet\ninput: {prompt: "Greet me like a pirate and write ahoy.txt"}\njudge: {type: rule_based, success: [{files_exist: [ahoy.txt]}, {output_contains: {all: [Ahoy]}}]}\n',
    );
    for (const { engine } of AGENTS) {
      writeFileSync(
        join(dir, engine, 'evals', 'eval.yaml'),
        suite(['type: docker', `image: ${TEST_IMAGE}`, 'network_policy: deny_all']),
      );
      writeFileSync(
        join(dir, engine, 'evals', 'cases', 'greet.yaml'),
        `id: greet\ninput: {prompt: "Greet me like a pirate on ${engine} and write ahoy.txt"}\njudge: {type: rule_based, success: [{files_exist: [ahoy.txt]}, {output_contains: {all: [Ahoy]}}]}\n`,
      );
    }
    writeFileSync(join(dir, 'agent', 'evals', 'eval.yaml'), suite(['type: none']));
    writeFileSync(
      join(dir, 'agent', 'evals', 'cases', 'ping.yaml'),
      'id: ping\ninput: {prompt: "ask the model"}\njudge: {type: rule_based, success: [{output_contains: {all: [pong from the model]}}, {files_exist: [agent-was-here.txt]}]}\n',
    );
    writeFileSync(
      join(dir, 'agent', 'evals', 'cases', 'sleep.yaml'),
      'id: sleep\ninput: {prompt: "sleep a while"}\nconstraints: {timeout_seconds: 3}\njudge: {type: rule_based, success: [{exit_code: 0}]}\n',
    );
    writeFileSync(join(dir, 'agent', 'agent.sh'), AGENT);
    chmodSync(join(dir, 'agent', 'agent.sh'), 0o755);
  }, 120_000);

  afterAll(async () => {
    if (saved === undefined) delete process.env.DOCKER_HOST;
    else process.env.DOCKER_HOST = saved;
    other?.close();
    await model?.close();
    await daemon?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each(INSTALL_SHAPES)(
    'runs the real claude inside the container of a skill-up docker suite, installed as by %s: setup, skill, write, artifacts',
    async (shape) => {
      const claude = (await claudeInstalls(join(dir, 'installs', shape.replace(/\W+/g, '-'))))[shape];
      const { code, err, results, out } = await run('claude', ['--engine', 'claude-code', '--ek', `path=${claude}`]);
      const result = results.get('greet')!;
      expect(result.status, err).toBe('passed');
      expect(code).toBe(0);
      expect(result.session?.skillsInvoked).toEqual([{ name: 'pirate', via: 'tool' }]);
      expect(result.sandbox).toMatchObject({ environment: 'docker', image: TEST_IMAGE, network: 'deny' });
      expect(result.sandbox?.id).toMatch(/^[0-9a-f]{12}$/);
      expect(result.sandbox?.startMs).toBeGreaterThan(0);
      const collected = join(out, 'artifacts', result.executionId, 'collected');
      expect(readFileSync(join(collected, 'ahoy.txt'), 'utf8')).toBe('Ahoy!\n');
      // Setup ran inside, where the workspace is mounted.
      expect(readFileSync(join(collected, 'setup.txt'), 'utf8')).toBe('/workspace\n');
      // The model saw claude working at the mount, not at a host path.
      const write = result.session?.toolCalls.find((call) => call.name === 'Write');
      expect(write?.input).toMatchObject({ file_path: '/workspace/ahoy.txt' });
      await expect
        .poll(() => docker('ps', '-a', '-q', '--filter', 'label=skill-eval.run'), { timeout: 10_000 })
        .toBe('');
    },
    120_000,
  );

  it.each(AGENTS)(
    'runs the real $engine inside the container: its skill, its write, its $api API through the gateway',
    async (agent) => {
      const before = model.requests.length;
      const settings = agent.settings.flatMap((setting) => ['--ek', setting]);
      const { code, err, results, out } = await run(agent.engine, ['--engine', agent.engine, ...settings]);
      const result = results.get('greet')!;
      const why = JSON.stringify({ err, error: result.error, checks: result.checks, tools: result.session?.toolCalls });
      expect(result.status, why).toBe('passed');
      expect(code).toBe(0);
      expect(result.sandbox).toMatchObject({ environment: 'docker', image: TEST_IMAGE, network: 'deny' });
      expect(result.session?.skillsInvoked).toEqual([{ name: 'pirate', via: 'tool' }]);
      expect(readFileSync(join(out, 'artifacts', result.executionId, 'collected', 'ahoy.txt'), 'utf8')).toBe('Ahoy!\n');
      // Every model call came through the gateway's path of the agent's own API.
      const calls = model.requests.slice(before).filter((request) => request.conversation === agent.engine);
      expect(calls.length).toBeGreaterThanOrEqual(3);
      expect(calls.every((request) => request.api.startsWith(agent.api))).toBe(true);
      await expect
        .poll(() => docker('ps', '-a', '-q', '--filter', 'label=skill-eval.run'), { timeout: 10_000 })
        .toBe('');
    },
    240_000,
  );

  it("reaches the model from the container, while the agent's call to another address fails", async () => {
    const args = ['--engine', 'command', '--ek', `command=${join(dir, 'agent', 'agent.sh')}`];
    const local = await run('agent', args);
    // On the host the same agent reaches that address: it is the container that stops it.
    expect(local.results.get('ping')?.session?.finalMessage, local.err).toContain('other address: reached');

    const contained = await run('agent', [...args, '--environment', `docker:${TEST_IMAGE}`]);
    const ping = contained.results.get('ping')!;
    expect(ping.status, contained.err).toBe('passed');
    expect(ping.session?.finalMessage).toContain('model said:');
    expect(ping.session?.finalMessage).toContain('pong from the model');
    expect(ping.session?.finalMessage).toContain('other address: blocked');
    expect(ping.session?.finalMessage).toContain('cwd: /workspace');
    expect(ping.sandbox).toMatchObject({ environment: 'docker', network: 'deny' });

    // A timeout stops the agent inside and the container goes with the execution.
    const slept = contained.results.get('sleep')!;
    expect(slept.status).toBe('error');
    expect(slept.error?.code).toBe('TIMEOUT');
    await expect.poll(() => docker('ps', '-a', '-q', '--filter', 'label=skill-eval.run'), { timeout: 10_000 }).toBe('');
  }, 120_000);

  // The fake OpenSandbox server runs each sandbox's programs under chroot, which needs root.
  it.skipIf(process.getuid?.() !== 0)(
    'runs the same agent in an OpenSandbox sandbox through the SDK, egress limited to the model host',
    async () => {
      const { startFakeOpenSandbox } = await import('@skill-eval/testing/opensandbox');
      const sandboxServer = await startFakeOpenSandbox();
      try {
        const io = captureIO(join(dir, 'agent'), {
          PATH: process.env.PATH,
          ANTHROPIC_BASE_URL: model.url,
          ANTHROPIC_API_KEY: 'test-key-for-the-fake-server',
          OPENSANDBOX_BASE_URL: sandboxServer.url,
          OPENSANDBOX_API_KEY: sandboxServer.apiKey,
        });
        const args = ['--engine', 'command', '--ek', `command=${join(dir, 'agent', 'agent.sh')}`];
        const code = await main(
          ['run', '.', '--out', 'out-osb', '--no-cache', ...args, '--environment', 'opensandbox:agents:1'],
          io,
        );
        const ping = resultsByCase(join(dir, 'agent', 'out-osb')).get('ping')!;
        expect(ping.status, io.err()).toBe('passed');
        expect(code).toBe(1); // the sleeping case times out
        expect(ping.session?.finalMessage).toContain('pong from the model');
        expect(ping.session?.finalMessage).toContain('cwd: /workspace');
        expect(ping.sandbox).toMatchObject({ environment: 'opensandbox', image: 'agents:1', network: 'deny' });
        const created = sandboxServer.sandboxes.get(ping.sandbox!.id!)!;
        expect(created.request.networkPolicy).toMatchObject({
          defaultAction: 'deny',
          egress: expect.arrayContaining([{ action: 'allow', target: '127.0.0.1' }]),
        });
        expect([...sandboxServer.sandboxes.values()].every((sandbox) => sandbox.state === 'Terminated')).toBe(true);
      } finally {
        await sandboxServer.close();
      }
    },
    120_000,
  );

  it('refuses a run whose image is not on the machine, before anything runs', async () => {
    const { code, err } = await run('agent', [
      '--engine',
      'command',
      '--ek',
      'command=./agent.sh',
      '--environment',
      'docker:no-such/image:1',
    ]);
    expect(code).toBe(2);
    expect(err).toContain('no-such/image:1 is not on this machine');
    expect(err).toContain('docker pull no-such/image:1');
  });
});
