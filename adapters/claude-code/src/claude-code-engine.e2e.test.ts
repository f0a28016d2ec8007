import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EngineRunInput } from '@skill-eval/core';
import { deadlineAfterStart, isGone, makeSandbox } from '@skill-eval/engine-kit/testing';
import { type FakeModelServer, type FakeScript, startFakeModelServer } from '@skill-eval/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import plugin from './index.js';

// The real claude binary (pinned devDependency) against the fake model server on 127.0.0.1.
const CLAUDE = fileURLToPath(new URL('../node_modules/.bin/claude', import.meta.url));
const engine = plugin.create(plugin.parseSettings({ path: CLAUDE }));

let server: FakeModelServer | undefined;
let sandbox: ReturnType<typeof makeSandbox>;
beforeEach(() => {
  sandbox = makeSandbox('cc-e2e-');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  sandbox.cleanup();
});

async function setup(script: FakeScript): Promise<(overrides?: Partial<EngineRunInput>) => EngineRunInput> {
  server = await startFakeModelServer(script);
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    ANTHROPIC_API_KEY: 'sk-ant-fake-e2e-key',
    ANTHROPIC_BASE_URL: server.url,
  };
  return (overrides = {}) => sandbox.input({ env, ...overrides });
}

function stageSkill(root: string, name: string, description: string): void {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'SKILL.md'), `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\nSay ahoy.\n`);
}

/** Pids of processes whose working directory is `dir`. */
function processesIn(dir: string): number[] {
  return readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      return readlinkSync(`/proc/${entry}/cwd`) === dir ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

const modelRequests = () => server!.requests.filter((r) => r.path === '/v1/messages');

describe('claude-code engine against the fake model server', () => {
  it('is an ENVIRONMENT_FAILED error, not a verdict, when its permission mode refuses every tool the agent calls', async () => {
    const target = join(sandbox.workspace, 'ahoy.txt');
    const input = await setup({
      conversations: [
        {
          id: 'refused',
          match: { user: 'Write ahoy.txt', tools: true },
          responses: [
            { toolCalls: [{ name: 'Write', input: { file_path: target, content: 'AHOY\n' } }] },
            { text: 'I could not write it.' },
          ],
        },
      ],
    });
    const refusing = plugin.create(plugin.parseSettings({ path: CLAUDE, permissionMode: 'default' }));
    const session = await refusing.run(input({ turns: ['Write ahoy.txt'] }));

    expect(existsSync(target)).toBe(false);
    expect(session.toolCalls).toEqual([expect.objectContaining({ name: 'Write', isError: true })]);
    expect(session.status).toBe('error');
    expect(session.error?.code).toBe('ENVIRONMENT_FAILED');
    expect(session.error?.message).toMatch(/its one tool call failed with ".*haven't granted it yet.*"/);
  }, 60_000);

  it('runs Skill then Write: skill seen via tool, file really written, calls paired', async () => {
    stageSkill(join(sandbox.workspace, '.claude', 'skills'), 'hello-skill', 'Greets the user in pirate speak.');
    const target = join(sandbox.workspace, 'ahoy.txt');
    const input = await setup({
      conversations: [
        {
          id: 'pirate',
          match: { user: 'Greet me like a pirate', tools: true },
          responses: [
            { toolCalls: [{ name: 'Skill', input: { skill: 'hello-skill' } }] },
            { toolCalls: [{ name: 'Write', input: { file_path: target, content: 'AHOY\n' } }] },
            { text: 'Done, matey.' },
          ],
        },
      ],
    });
    const session = await engine.run(input({ turns: ['Greet me like a pirate and write ahoy.txt'] }));

    expect(session.error).toBeUndefined();
    expect(session.status).toBe('completed');
    expect(session.exitCode).toBe(0);
    expect(session.finalMessage).toBe('Done, matey.');
    expect(session.skillsInvoked).toEqual([{ name: 'hello-skill', via: 'tool' }]);
    expect(readFileSync(target, 'utf8')).toBe('AHOY\n');
    expect(session.toolCalls.map((call) => call.name)).toEqual(['Skill', 'Write']);
    expect(session.toolCalls[0]!.output).toContain('Launching skill: hello-skill');
    expect(session.toolCalls[1]!.output).toContain('ahoy.txt');
    expect(session.toolCalls.every((call) => !call.isError)).toBe(true);
    expect(session.usage.inputTokens).toBeGreaterThan(0);
    expect(session.costUsd).toBeGreaterThan(0);
    expect(session.engineVersion).toBe('2.1.330');
    const raw = readFileSync(session.transcriptPath!, 'utf8');
    expect(raw).not.toContain('sk-ant-fake-e2e-key');
    const result = JSON.parse(raw.split('\n').find((line) => line.includes('"type":"result"'))!);
    // claude counts the injected skill body as a turn too, so take its own figures.
    expect(session.turns).toBe(result.num_turns);
    expect(session.costUsd).toBeCloseTo(result.total_cost_usd, 10);
    expect(session.usage.outputTokens).toBe(result.usage.output_tokens);
    expect(modelRequests()[0]!.headers['x-api-key']).toBe('sk-ant-fake-e2e-key');
  }, 60_000);

  it("keeps its temp files in the execution's HOME: a Bash call leaves nothing in the machine's temp folder", async () => {
    const machineTemp = join(sandbox.root, 'machine-tmp');
    mkdirSync(machineTemp);
    const input = await setup({
      conversations: [
        {
          id: 'bash',
          match: { user: 'Run echo', tools: true },
          responses: [
            { toolCalls: [{ name: 'Bash', input: { command: 'echo hi > hi.txt', description: 'Write hi' } }] },
            { text: 'Done.' },
          ],
        },
      ],
    });
    const given = input({ turns: ['Run echo'] });
    const session = await engine.run({ ...given, env: { ...given.env, TMPDIR: machineTemp } });

    expect(session.status).toBe('completed');
    expect(readFileSync(join(sandbox.workspace, 'hi.txt'), 'utf8')).toBe('hi\n');
    // claude keeps a folder per working directory below $TMPDIR/claude-<uid>: the execution's own, gone with it.
    expect(readdirSync(machineTemp)).toEqual([]);
    expect(readdirSync(join(sandbox.home, '.tmp'))).toContain(`claude-${process.getuid!()}`);
  }, 60_000);

  it('lists a skill staged under <workspace>/.claude/skills to the model, and not one elsewhere', async () => {
    stageSkill(join(sandbox.workspace, '.claude', 'skills'), 'staged-skill', 'Staged for the listing test.');
    stageSkill(join(sandbox.workspace, 'skills'), 'stray-skill', 'Not under a skill root.');
    const input = await setup({
      conversations: [{ id: 'list', match: { user: 'Which skills', tools: true }, responses: [{ text: 'Some.' }] }],
    });
    const session = await engine.run(input({ turns: ['Which skills do you have?'] }));
    expect(session.status).toBe('completed');
    const body = JSON.stringify(modelRequests()[0]!.body);
    expect(body).toContain('available for use with the Skill tool');
    expect(body).toContain('staged-skill: Staged for the listing test.');
    expect(body).not.toContain('stray-skill');
  }, 60_000);

  // An eval file chooses these; each reaches claude as one word with its option (`--model=…`), which claude reads so.
  it('takes the model, the system prompt and the tools given in one word with their options', async () => {
    const input = await setup({
      conversations: [{ id: 'hi', match: { user: 'Say hi', tools: true }, responses: [{ text: 'Hi.' }] }],
    });
    const session = await engine.run(
      input({
        turns: ['Say hi'],
        model: 'claude-sonnet-4-5-20250929',
        system: '--Be brief.',
        tools: { allowed: ['Read', 'Skill'], disallowed: ['Read'] },
      }),
    );
    expect(session.status).toBe('completed');
    const body = modelRequests()[0]!.body as { model?: string; system?: unknown; tools?: { name: string }[] };
    expect(body.model).toBe('claude-sonnet-4-5-20250929');
    expect(JSON.stringify(body.system)).toContain('--Be brief.');
    expect((body.tools ?? []).map((tool) => tool.name)).toEqual(['Skill']);
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
    expect(session.error?.code).toBe('ENGINE_FAILED');
    expect(session.error?.message).toContain('401');
    expect(modelRequests()).toHaveLength(1);
  }, 150_000);

  it('times out on a hung model and leaves no process behind', async () => {
    const input = await setup({ conversations: [{ id: 'hang', match: { tools: true }, responses: [{ hang: true }] }] });
    const seen = new Set<number>();
    const watcher = setInterval(() => {
      for (const pid of processesIn(sandbox.workspace)) seen.add(pid);
    }, 100);
    // The deadline must pass with claude waiting on the model: one that had not started yet is given twice the time.
    let elapsed = 0;
    const { result: session, timeoutMs } = await deadlineAfterStart(
      async (limit) => {
        const started = Date.now();
        const returned = await engine.run(input({ timeoutMs: limit }));
        elapsed = Date.now() - started;
        return returned;
      },
      () => modelRequests().length > 0,
      { firstMs: 3000, maxMs: 45_000 },
    ).finally(() => clearInterval(watcher));
    expect(elapsed).toBeGreaterThanOrEqual(timeoutMs);
    expect(elapsed).toBeLessThan(timeoutMs + 15_000);
    expect(session.status).toBe('timeout');
    expect(session.error?.code).toBe('TIMEOUT');
    expect(seen.size).toBeGreaterThan(0);
    await expect.poll(() => [...seen].every(isGone), { timeout: 10_000 }).toBe(true);
    expect(processesIn(sandbox.workspace)).toEqual([]);
  }, 120_000);

  it('continues the conversation with --resume: both turns present, history resent', async () => {
    const input = await setup({
      conversations: [
        {
          id: 'two-turns',
          match: { user: 'first question', tools: true },
          responses: [{ text: 'Answer one.' }, { text: 'Answer two.' }],
        },
      ],
    });
    const session = await engine.run(input({ turns: ['My first question', 'And a second question'] }));
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
    const history = JSON.stringify(requests[1]!.body);
    expect(history).toContain('My first question');
    expect(history).toContain('Answer one.');
    expect(history).toContain('And a second question');
    expect(requests[0]!.headers['x-claude-code-session-id']).toBe(requests[1]!.headers['x-claude-code-session-id']);
  }, 60_000);

  it('takes next user messages one by one (nextTurn): each after the answer, resumed in one session, marked simulated', async () => {
    const input = await setup({
      conversations: [
        {
          id: 'simulated',
          match: { user: 'Configure a deployment', tools: true },
          responses: [
            { text: 'Which environment?' },
            { text: 'How many replicas?' },
            { text: 'ENV=staging REPLICAS=2' },
          ],
        },
      ],
    });
    const answers: { turn: number; finalMessage: string }[] = [];
    const replies = ['staging', 'two'];
    const session = await engine.run(
      input({
        turns: ['Configure a deployment'],
        nextTurn: async (answer) => {
          answers.push(answer);
          const text = replies.shift();
          return text === undefined ? null : { text, simulated: true };
        },
      }),
    );
    expect(session.error).toBeUndefined();
    expect(session.status).toBe('completed');
    // Asked after every answer, with that answer; null ended the conversation.
    expect(answers).toEqual([
      { turn: 0, finalMessage: 'Which environment?' },
      { turn: 1, finalMessage: 'How many replicas?' },
      { turn: 2, finalMessage: 'ENV=staging REPLICAS=2' },
    ]);
    const users = session.events.flatMap((e) =>
      e.type === 'message' && e.role === 'user' ? [[e.text, e.simulated === true]] : [],
    );
    expect(users).toEqual([
      ['Configure a deployment', false],
      ['staging', true],
      ['two', true],
    ]);
    expect(session.finalMessage).toBe('ENV=staging REPLICAS=2');
    const requests = modelRequests();
    expect(requests.map((r) => r.step)).toEqual([0, 1, 2]);
    // One session: the first turn was started with --session-id (not as a single turn), the others resumed it.
    const sessions = new Set(requests.map((r) => r.headers['x-claude-code-session-id']));
    expect(sessions.size).toBe(1);
    expect(JSON.stringify(requests[2]!.body)).toContain('Which environment?');
  }, 90_000);

  it('answers a judge-style completion with no tools, however long its prompt', async () => {
    await setup({
      conversations: [
        { id: 'judge', match: { user: 'Grade this answer', tools: false }, responses: [{ text: '{"score": 1}' }] },
      ],
    });
    vi.stubEnv('ANTHROPIC_API_KEY', 'sk-ant-fake-e2e-key');
    try {
      const judge = plugin.create(plugin.parseSettings({ path: CLAUDE, baseUrl: server!.url }));
      // A judge's prompt holds the agent's whole work: here more than one argument of a command line may hold.
      const work = `Grade this answer: 42\n${'The agent wrote this line. '.repeat(6000)}`;
      const reply = await judge.complete!({
        system: 'You grade answers.',
        messages: [{ role: 'user', content: work }],
      });
      expect(reply.text).toBe('{"score": 1}');
      expect(JSON.stringify(modelRequests()[0]!.body)).toContain(work.slice(-200));
      expect(reply.usage.inputTokens).toBeGreaterThan(0);
      const body = modelRequests()[0]!.body as { system?: unknown; tools?: unknown[] };
      expect(JSON.stringify(body.system)).toContain('You grade answers.');
      expect(body.tools ?? []).toEqual([]);
    } finally {
      vi.unstubAllEnvs();
    }
  }, 60_000);

  it('reads the real binary version', async () => {
    expect(await engine.version()).toBe('2.1.330');
    expect(existsSync(CLAUDE)).toBe(true);
  }, 30_000);
});

describe('claude-code with each way users authenticate it', () => {
  const hello: FakeScript = {
    conversations: [{ id: 'hello', match: { user: 'Say hello' }, responses: [{ text: 'hello' }] }],
  };
  /** One run of the real claude with `credentials` (given the fake server's URL) as the runner would hand them. */
  async function runWith(credentials: (url: string) => Record<string, string>, userHome?: string) {
    server = await startFakeModelServer(hello);
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', ...credentials(server.url) };
    expect(engine.missingSetup?.(env)).toBeUndefined();
    const session = await engine.run(sandbox.input({ env, turns: ['Say hello'], ...(userHome ? { userHome } : {}) }));
    const requests = server.requests.filter((r) => r.method === 'POST');
    expect(requests.length).toBeGreaterThan(0);
    return { session, request: requests[0]!, credential: engine.credential?.(env) };
  }
  const transcript = (session: { transcriptPath?: string }) => readFileSync(session.transcriptPath!, 'utf8');

  it('a subscription token (CLAUDE_CODE_OAUTH_TOKEN) goes as Bearer with the OAuth beta, and into no file', async () => {
    const token = 'sk-ant-oat01-fake-subscription-token';
    const { session, request, credential } = await runWith((url) => ({
      ANTHROPIC_BASE_URL: url,
      CLAUDE_CODE_OAUTH_TOKEN: token,
    }));
    expect(session.status).toBe('completed');
    expect(session.finalMessage).toBe('hello');
    expect(request.headers.authorization).toBe(`Bearer ${token}`);
    expect(request.headers['anthropic-beta']).toContain('oauth-2025-04-20');
    expect(request.headers['x-api-key']).toBeUndefined();
    expect(transcript(session)).not.toContain(token);
    expect(credential).toEqual({ kind: 'subscription OAuth token', variable: 'CLAUDE_CODE_OAUTH_TOKEN' });
  }, 60_000);

  it('an auth token (ANTHROPIC_AUTH_TOKEN) goes as Bearer, without the OAuth beta', async () => {
    const { session, request } = await runWith((url) => ({
      ANTHROPIC_BASE_URL: url,
      ANTHROPIC_AUTH_TOKEN: 'gw-token-7',
    }));
    expect(session.status).toBe('completed');
    expect(request.headers.authorization).toBe('Bearer gw-token-7');
    expect(request.headers['anthropic-beta']).not.toContain('oauth-2025-04-20');
  }, 60_000);

  it('Amazon Bedrock signs its requests to ANTHROPIC_BEDROCK_BASE_URL with the AWS login of the user’s HOME', async () => {
    const userHome = join(sandbox.root, 'user-home');
    mkdirSync(join(userHome, '.aws'), { recursive: true });
    writeFileSync(
      join(userHome, '.aws', 'credentials'),
      '[default]\naws_access_key_id = AKIAUSERHOMEFAKE0001\naws_secret_access_key = fake-secret-from-file\n',
    );
    const { request, credential } = await runWith(
      (url) => ({
        CLAUDE_CODE_USE_BEDROCK: '1',
        ANTHROPIC_BEDROCK_BASE_URL: url,
        AWS_REGION: 'us-east-1',
        HOME: userHome,
      }),
      userHome,
    );
    expect(request.path).toMatch(/^\/model\/.+\/invoke/);
    expect(request.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAUSERHOMEFAKE0001\/\d{8}\/us-east-1\/bedrock\/aws4_request/,
    );
    expect(credential).toEqual({
      kind: 'Amazon Bedrock',
      variable: 'CLAUDE_CODE_USE_BEDROCK',
      file: join(userHome, '.aws', 'credentials'),
    });
  }, 60_000);

  it('Google Vertex AI sends its requests to ANTHROPIC_VERTEX_BASE_URL for the project and region', async () => {
    const { request } = await runWith((url) => ({
      CLAUDE_CODE_USE_VERTEX: '1',
      ANTHROPIC_VERTEX_BASE_URL: url,
      ANTHROPIC_VERTEX_PROJECT_ID: 'eval-project',
      CLOUD_ML_REGION: 'us-east5',
      CLAUDE_CODE_SKIP_VERTEX_AUTH: '1',
    }));
    expect(request.path).toMatch(/^\/projects\/eval-project\/locations\/us-east5\/publishers\/anthropic\/models\/.+:/);
  }, 60_000);
});
