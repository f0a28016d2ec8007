import { randomUUID } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EngineRunInput } from '@skill-eval/core';
import { deadlineAfterStart } from '@skill-eval/engine-kit/testing';
import { type FakeModelServer, type FakeScript, startFakeModelServer } from '@skill-eval/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandboxFailure } from './codex-sandbox-check.js';
import plugin from './index.js';
import { isGone, makeSandbox } from './test-support/make-sandbox.js';

// The real codex binary (pinned devDependency) against the fake model server on 127.0.0.1.
const CODEX = fileURLToPath(new URL('../node_modules/.bin/codex', import.meta.url));
const MCP_SERVER = fileURLToPath(import.meta.resolve('@skill-eval/testing/mcp-echo-server.mjs'));
const KEY = 'sk-fake-codex-e2e-key';
const engine = plugin.create(plugin.parseSettings({ path: CODEX }));

let server: FakeModelServer | undefined;
let sandbox: ReturnType<typeof makeSandbox>;
beforeEach(() => {
  sandbox = makeSandbox('codex-e2e-');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  sandbox.cleanup();
});

/** Starts the fake server; the engine finds it through OPENAI_BASE_URL, which it translates for codex. */
async function setup(script: FakeScript, extraEnv: Record<string, string> = {}) {
  server = await startFakeModelServer(script);
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    OPENAI_API_KEY: KEY,
    OPENAI_BASE_URL: `${server.url}/v1`,
    ...extraEnv,
  };
  return (overrides: Partial<EngineRunInput> = {}) => sandbox.input({ env, ...overrides });
}

const modelRequests = () => server!.requests.filter((r) => r.path === '/v1/responses');
const requestText = (index: number) => JSON.stringify(modelRequests()[index]!.body);

/** Pids of processes whose environment holds `marker`. */
function processesWith(marker: string): number[] {
  return readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      return readFileSync(`/proc/${entry}/environ`, 'latin1').includes(marker) ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

describe('codex engine against the fake model server', () => {
  it('lists the staged skill to the model and sees it read through exec_command', async () => {
    const skill = sandbox.stageSkill('pirate-talk', 'Talk like a pirate when greeting.');
    const input = await setup({
      conversations: [
        {
          id: 'skill',
          match: { user: 'Greet me', tools: true },
          responses: [
            {
              reasoning: 'The pirate-talk skill fits.',
              toolCalls: [{ name: 'exec_command', input: { cmd: 'cat {{cwd}}/.agents/skills/pirate-talk/SKILL.md' } }],
            },
            { text: 'Ahoy!' },
          ],
        },
      ],
    });
    const session = await engine.run(input({ skills: [skill], turns: ['Greet me'] }));

    expect(session.error).toBeUndefined();
    expect(session.status).toBe('completed');
    expect(session.exitCode).toBe(0);
    expect(session.finalMessage).toBe('Ahoy!');
    expect(session.skillsInvoked).toEqual([{ name: 'pirate-talk', via: 'file-read' }]);
    expect(session.events.find((e) => e.type === 'reasoning')).toEqual({
      type: 'reasoning',
      text: 'The pirate-talk skill fits.',
    });
    expect(session.toolCalls).toHaveLength(1);
    expect(session.toolCalls[0]!.output).toContain('Say ahoy.');
    expect(session.engineVersion).toBe('0.169.0');
    expect(session.usage.inputTokens).toBeGreaterThan(0);
    expect(session.costUsd).toBeGreaterThan(0);

    // codex listed the staged skill (and, with bundled skills off, nothing else) in its skills instructions.
    const first = requestText(0);
    expect(first).toContain('<skills_instructions>');
    expect(first).toContain(`${join(sandbox.workspace, '.agents', 'skills')}`);
    expect(first).toContain('- pirate-talk: Talk like a pirate when greeting. (file: r0/pirate-talk/SKILL.md)');
    expect(first).not.toContain('- imagegen:');
    expect(modelRequests()[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(readFileSync(session.transcriptPath!, 'utf8')).toContain('"type":"turn.completed"');
  }, 60_000);

  it('applies a patch that adds a file to the workspace', async () => {
    const input = await setup({
      conversations: [
        {
          id: 'patch',
          match: { user: 'Create notes.txt', tools: true },
          responses: [
            {
              toolCalls: [
                {
                  name: 'apply_patch',
                  custom: true,
                  input: '*** Begin Patch\n*** Add File: notes.txt\n+written by codex\n*** End Patch\n',
                },
              ],
            },
            { text: 'Created.' },
          ],
        },
      ],
    });
    const session = await engine.run(input({ turns: ['Create notes.txt'] }));
    expect(session.status).toBe('completed');
    const file = join(sandbox.workspace, 'notes.txt');
    expect(readFileSync(file, 'utf8')).toBe('written by codex\n');
    expect(session.toolCalls).toEqual([
      {
        id: expect.any(String),
        name: 'apply_patch',
        input: { changes: [{ path: file, kind: 'add' }] },
        output: `add ${file}`,
        isError: false,
      },
    ]);
  }, 60_000);

  it('pairs each command with its output, an exit code other than 0 marking an error', async () => {
    const input = await setup({
      conversations: [
        {
          id: 'commands',
          match: { user: 'Run the checks', tools: true },
          responses: [
            { toolCalls: [{ name: 'exec_command', input: { cmd: 'echo all-good' } }] },
            { toolCalls: [{ name: 'exec_command', input: { cmd: 'echo broken >&2; exit 4' } }] },
            { text: 'One check failed.' },
          ],
        },
      ],
    });
    const session = await engine.run(input({ turns: ['Run the checks'] }));
    expect(session.status).toBe('completed');
    expect(session.toolCalls.map(({ name, output, isError }) => ({ name, output, isError }))).toEqual([
      { name: 'exec_command', output: 'all-good\n', isError: false },
      { name: 'exec_command', output: 'broken\n', isError: true },
    ]);
    expect(String((session.toolCalls[1]!.input as { command: string }).command)).toContain('exit 4');
    expect(session.skillsInvoked).toEqual([]);
  }, 60_000);

  it('names an MCP tool call server::tool (server configured through extraArgs)', async () => {
    const mcpEngine = plugin.create(
      plugin.parseSettings({
        path: CODEX,
        extraArgs: [
          '-c',
          'mcp_servers.echo.command="node"',
          '-c',
          `mcp_servers.echo.args=${JSON.stringify([MCP_SERVER])}`,
          '-c',
          'mcp_servers.echo.default_tools_approval_mode="approve"',
        ],
      }),
    );
    const input = await setup({
      conversations: [
        {
          id: 'mcp',
          match: { user: 'Echo something', tools: true },
          responses: [
            // codex offers MCP tools in a namespace (mcp__<server>).
            {
              toolCalls: [{ name: 'echo', namespace: 'mcp__echo', input: { text: 'hello mcp' } }],
              usage: { input_tokens: 100, output_tokens: 10 },
            },
            { text: 'Echoed.' },
          ],
        },
      ],
    });
    const session = await mcpEngine.run(input({ turns: ['Echo something'] }));
    expect(session.status).toBe('completed');
    expect(session.toolCalls).toEqual([
      {
        id: expect.any(String),
        name: 'echo::echo',
        input: { text: 'hello mcp' },
        output: 'echo: hello mcp',
        isError: false,
      },
    ]);
  }, 60_000);

  it('waits for an MCP server the run installs, however slow it is to start, before asking the model', async () => {
    const input = await setup({
      conversations: [
        {
          id: 'mcp',
          match: { user: 'Echo something', tools: true },
          responses: [
            { toolCalls: [{ name: 'echo', namespace: 'mcp__echo', input: { text: 'late' } }] },
            { text: 'Echoed.' },
          ],
        },
      ],
    });
    const slowServer = {
      name: 'echo',
      transport: 'stdio' as const,
      command: process.execPath,
      args: [MCP_SERVER],
      env: { MCP_ECHO_START_DELAY_MS: '3000' },
      headers: {},
    };
    const session = await engine.run(input({ turns: ['Echo something'], mcpServers: [slowServer] }));
    expect(session.status).toBe('completed');
    expect(session.toolCalls).toEqual([expect.objectContaining({ name: 'echo::echo', output: 'echo: late' })]);
  }, 60_000);

  it('ends as an error, naming the server, when an MCP server the run installs cannot start', async () => {
    const input = await setup({ conversations: [{ id: 'any', match: { tools: true }, responses: [{ text: 'Hi.' }] }] });
    const broken = {
      name: 'echo',
      transport: 'stdio' as const,
      command: '/nonexistent/mcp-server',
      args: [],
      env: {},
      headers: {},
    };
    const session = await engine.run(input({ turns: ['Echo something'], mcpServers: [broken] }));
    expect(session.status).toBe('error');
    expect(session.error?.message).toContain('echo');
    expect(modelRequests()).toHaveLength(0);
  }, 60_000);

  it('fails fast on a 401 (retries off)', async () => {
    const input = await setup({
      conversations: [
        { id: 'denied', match: { tools: true }, responses: [{ error: { status: 401, message: 'bad key' } }] },
      ],
    });
    const started = Date.now();
    const session = await engine.run(input({ timeoutMs: 120_000 }));
    // Far below the deadline, which retries would reach: starting the CLI alone can take 20 s on a loaded machine.
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(session.status).toBe('error');
    expect(session.exitCode).toBe(1);
    expect(session.error?.code).toBe('ENGINE_FAILED');
    expect(session.error?.message).toContain('401');
    expect(session.error?.message).toContain('bad key');
    expect(modelRequests()).toHaveLength(1);
  }, 150_000);

  it('times out on a hung model and leaves no process behind', async () => {
    const marker = `SKILL_EVAL_CODEX_E2E_${randomUUID().replaceAll('-', '')}`;
    const input = await setup(
      { conversations: [{ id: 'hang', match: { tools: true }, responses: [{ hang: true }] }] },
      {
        SKILL_EVAL_E2E_MARKER: marker,
      },
    );
    const seen = new Set<number>();
    const watcher = setInterval(() => {
      for (const pid of processesWith(marker)) seen.add(pid);
    }, 100);
    // The deadline must pass with codex waiting on the model: one that had not started yet is given twice the time.
    let elapsed = 0;
    let requestsBefore = 0;
    const { result: session, timeoutMs } = await deadlineAfterStart(
      async (limit) => {
        requestsBefore = modelRequests().length;
        const started = Date.now();
        const returned = await engine.run(input({ timeoutMs: limit }));
        elapsed = Date.now() - started;
        return returned;
      },
      () => modelRequests().length > requestsBefore,
      { firstMs: 3000, maxMs: 45_000 },
    ).finally(() => clearInterval(watcher));
    expect(elapsed).toBeGreaterThanOrEqual(timeoutMs);
    expect(elapsed).toBeLessThan(timeoutMs + 15_000);
    expect(session.status).toBe('timeout');
    expect(session.error?.code).toBe('TIMEOUT');
    expect(modelRequests().length - requestsBefore).toBe(1);
    expect(seen.size).toBeGreaterThan(0);
    await expect.poll(() => [...seen].every(isGone), { timeout: 10_000 }).toBe(true);
    expect(processesWith(marker)).toEqual([]);
  }, 120_000);

  it('times out on a hung command and kills it along with codex', async () => {
    const marker = `SKILL_EVAL_CODEX_E2E_${randomUUID().replaceAll('-', '')}`;
    const input = await setup(
      {
        conversations: [
          {
            id: 'slow',
            match: { tools: true },
            responses: [{ toolCalls: [{ name: 'exec_command', input: { cmd: 'sleep 60', yield_time_ms: 120000 } }] }],
          },
        ],
      },
      { SKILL_EVAL_E2E_MARKER: marker },
    );
    const seen = new Map<number, string>();
    const watcher = setInterval(() => {
      for (const pid of processesWith(marker)) if (!seen.has(pid)) seen.set(pid, commandLine(pid));
    }, 100);
    // The command really ran (codex passes the environment on to it) and was in flight at the deadline: a codex that
    // had not started it yet (a loaded machine) is given twice the time.
    const { result: session } = await deadlineAfterStart(
      (limit) => engine.run(input({ timeoutMs: limit })),
      () => [...seen.values()].some((cmd) => cmd.includes('sleep 60')),
      { firstMs: 10_000, maxMs: 45_000 },
    ).finally(() => clearInterval(watcher));
    expect(session.status).toBe('timeout');
    expect(session.toolCalls.map((call) => [call.name, call.output])).toEqual([['exec_command', undefined]]);
    await expect.poll(() => [...seen.keys()].every(isGone), { timeout: 10_000 }).toBe(true);
    expect(processesWith(marker)).toEqual([]);
  }, 120_000);

  it('continues the thread with exec resume: history resent, usage per turn from running totals', async () => {
    const input = await setup({
      conversations: [
        {
          id: 'two-turns',
          match: { user: 'first question', tools: true },
          responses: [
            {
              text: 'Answer one.',
              usage: { input_tokens: 1000, cache_read_input_tokens: 400, output_tokens: 50, reasoning_tokens: 10 },
            },
            {
              text: 'Answer two.',
              usage: { input_tokens: 1500, cache_read_input_tokens: 900, output_tokens: 30, reasoning_tokens: 5 },
            },
          ],
        },
      ],
    });
    const session = await engine.run(
      input({ turns: ['My first question', 'And a second question'], system: 'Answer tersely, says the eval.' }),
    );
    expect(session.error).toBeUndefined();
    expect(session.status).toBe('completed');
    const texts = session.events.flatMap((e) => (e.type === 'message' ? [`${e.role}:${e.text}`] : []));
    expect(texts).toEqual([
      'user:My first question',
      'assistant:Answer one.',
      'user:And a second question',
      'assistant:Answer two.',
    ]);
    expect(session.finalMessage).toBe('Answer two.');
    expect(session.turns).toBe(2);
    const requests = modelRequests();
    expect(requests.map((r) => r.step)).toEqual([0, 1]);
    const history = requestText(1);
    expect(history).toContain('My first question');
    expect(history).toContain('Answer one.');
    expect(history).toContain('And a second question');
    expect(requests[0]!.headers['thread-id']).toBe(requests[1]!.headers['thread-id']);
    // The system prompt rides as developer instructions, once per request (resume does not repeat it).
    for (const index of [0, 1]) expect(requestText(index).split('Answer tersely, says the eval.')).toHaveLength(2);
    // Scripted per call: input 1000+1500 (400+900 cached), output 50+30 (10+5 reasoning).
    expect(session.usage).toEqual({
      inputTokens: 1200,
      outputTokens: 65,
      cacheReadTokens: 1300,
      cacheWriteTokens: 0,
      reasoningTokens: 15,
    });
  }, 60_000);

  it('reads the real binary version', async () => {
    expect(await engine.version()).toBe('0.169.0');
  }, 30_000);
});

// codex starts every command of the agent through /usr/bin/bwrap when bubblewrap is installed, as on most Linux
// desktops; CI installs Debian's package (scripts/setup-system.sh), where this must run.
const SYSTEM_BWRAP = '/usr/bin/bwrap';
/** Skips (with the reason) where bubblewrap is not installed, except in CI, which must have it. */
const needBubblewrap = (ctx: { skip(note: string): never }) => {
  if (!existsSync(SYSTEM_BWRAP) && !process.env.CI)
    ctx.skip('bubblewrap is not installed (/usr/bin/bwrap): run bash scripts/setup-system.sh, as CI does');
  expect(existsSync(SYSTEM_BWRAP), 'install bubblewrap: bash scripts/setup-system.sh').toBe(true);
};
describe('codex on a machine with bubblewrap installed', () => {
  it('runs the tools of the agent in its sandbox: the command reads the skill, the model sees its output', async (ctx) => {
    needBubblewrap(ctx);
    const skill = sandbox.stageSkill('pirate-talk', 'Talk like a pirate when greeting.');
    const input = await setup({
      conversations: [
        {
          id: 'sandboxed',
          match: { user: 'Greet me', tools: true },
          responses: [
            {
              toolCalls: [{ name: 'exec_command', input: { cmd: 'cat {{cwd}}/.agents/skills/pirate-talk/SKILL.md' } }],
            },
            { text: 'Ahoy!' },
          ],
        },
      ],
    });
    const session = await engine.run(input({ skills: [skill], turns: ['Greet me'] }));

    expect(session.error).toBeUndefined();
    expect(session.status).toBe('completed');
    expect(session.skillsInvoked).toEqual([{ name: 'pirate-talk', via: 'file-read' }]);
    expect(session.toolCalls[0]!.output).toContain('Say ahoy.');
    // What the model was told the command printed: the skill, not bubblewrap failing to start the sandbox helper.
    expect(requestText(1)).toContain('Say ahoy.');
    expect(requestText(1)).not.toContain('bwrap:');
  }, 60_000);

  it('gives the agent its own TMPDIR and not the host’s /tmp, where codex then puts no mount targets', async (ctx) => {
    needBubblewrap(ctx);
    const probe = `/tmp/skill-eval-codex-probe-${randomUUID()}`;
    const cmd = [
      // A writable root lacking them gets codex's empty .git, .agents and .codex mount targets, on the host too.
      'for name in .git .agents .codex; do [ -e "/tmp/$name" ] && echo "/tmp has $name"; done',
      `touch ${probe} 2>/dev/null && echo "wrote /tmp"`,
      'touch "$TMPDIR/probe" && echo "wrote TMPDIR"',
    ].join('; ');
    const input = await setup({
      conversations: [
        {
          id: 'temp-dirs',
          match: { user: 'Use a temp file', tools: true },
          responses: [{ toolCalls: [{ name: 'exec_command', input: { cmd } }] }, { text: 'Done.' }],
        },
      ],
    });
    const session = await engine.run(input({ turns: ['Use a temp file'] }));

    expect(session.error).toBeUndefined();
    expect(session.toolCalls[0]!.output?.trim()).toBe('wrote TMPDIR');
    expect(existsSync(probe)).toBe(false);
  }, 60_000);

  it('tells a sandbox that cannot start commands, with the cause, before any model is asked', async (ctx) => {
    needBubblewrap(ctx);
    // A CODEX_HOME under the temp dir: codex makes no codex-linux-sandbox alias there, which bubblewrap then lacks.
    const home = join(sandbox.root, 'home-in-tmp');
    mkdirSync(join(home, '.codex'), { recursive: true });
    mkdirSync(join(home, '.tmp'));
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      CODEX_HOME: join(home, '.codex'),
      TMPDIR: sandbox.root,
    };
    const signal = new AbortController().signal;
    const failure = await sandboxFailure({
      binary: CODEX,
      sandbox: 'workspace-write',
      workspace: sandbox.workspace,
      env,
      signal,
    });
    expect(failure).toContain('bwrap: execvp codex-linux-sandbox: No such file or directory');
    expect(
      await sandboxFailure({
        binary: CODEX,
        sandbox: 'workspace-write',
        workspace: sandbox.workspace,
        env: { ...env, TMPDIR: join(home, '.tmp') },
        signal,
      }),
    ).toBeUndefined();
  }, 30_000);
});

describe('codex with the user’s ChatGPT login', () => {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = { email: 'user@example.com', 'https://api.openai.com/auth': { chatgpt_account_id: 'acct-42' } };
  const ACCESS = 'chatgpt-access-token-fake-42';

  /** `codex login`'s auth.json for a ChatGPT account, in a CODEX_HOME of the user's own. */
  function userLogin(): { userHome: string; authFile: string } {
    const userHome = join(sandbox.root, 'user-home');
    mkdirSync(join(userHome, '.codex'), { recursive: true });
    const authFile = join(userHome, '.codex', 'auth.json');
    const tokens = {
      id_token: `${b64({ alg: 'none' })}.${b64(claims)}.sig`,
      access_token: ACCESS,
      refresh_token: 'rt',
      account_id: 'acct-42',
    };
    writeFileSync(authFile, JSON.stringify({ OPENAI_API_KEY: null, tokens, last_refresh: new Date().toISOString() }));
    return { userHome, authFile };
  }

  it('runs on the login in the user’s CODEX_HOME: its token in the request, no copy of it in the workspace or results', async () => {
    const { userHome, authFile } = userLogin();
    server = await startFakeModelServer({
      conversations: [{ id: 'login', match: { user: 'Say hello' }, responses: [{ text: 'hello' }] }],
    });
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', OPENAI_BASE_URL: `${server.url}/v1`, HOME: userHome };
    expect(engine.missingSetup?.(env)).toBeUndefined();
    expect(engine.credential?.(env)).toEqual({ kind: 'ChatGPT login', file: authFile });
    const session = await engine.run(sandbox.input({ env, userHome, turns: ['Say hello'] }));

    expect(session.error).toBeUndefined();
    expect(session.finalMessage).toBe('hello');
    const request = modelRequests()[0]!;
    expect(request.headers.authorization).toBe(`Bearer ${ACCESS}`);
    expect(request.headers['chatgpt-account-id']).toBe('acct-42');
    // The execution's fresh CODEX_HOME links the user's file; nothing else holds the token.
    expect(lstatSync(join(sandbox.home, '.codex', 'auth.json')).isSymbolicLink()).toBe(true);
    for (const dir of [sandbox.workspace, sandbox.artifacts]) {
      for (const file of readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile())) {
        expect(readFileSync(join(file.parentPath, file.name), 'utf8')).not.toContain(ACCESS);
      }
    }
  }, 60_000);

  it('without a key or a login it says how to give it either', () => {
    const env = { PATH: '/usr/bin', HOME: join(sandbox.root, 'nobody') };
    expect(engine.missingSetup?.(env)).toContain('or a `codex login` (ChatGPT or API key) in $CODEX_HOME/auth.json');
    expect(engine.credential?.({ ...env, OPENAI_API_KEY: 'k' })).toEqual({
      kind: 'API key',
      variable: 'OPENAI_API_KEY',
    });
  });
});
