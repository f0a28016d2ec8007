import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CaseResult, CaseSchema, type EngineRunInput, SuiteSchema } from '@skill-eval/core';
import { makeSandbox } from '@skill-eval/engine-kit/testing';
import { runSuites, type Variant } from '@skill-eval/runner';
import { type FakeModelServer, type FakeResponse, type FakeScript, startFakeModelServer } from '@skill-eval/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import plugin from './index.js';
import { COPILOT, sharedCache } from './test-support/copilot-cache.js';

// The real copilot binary (pinned devDependency) on a bring-your-own-key provider: the fake model server's OpenAI
// API on 127.0.0.1. The key is no word of any prompt: Copilot masks a secret's value wherever it prints it.
const MODEL = 'gpt-4o';
const KEY = 'sk-copilot-e2e-7f3a';
const settings = { path: COPILOT, model: MODEL, provider: 'openai' as const };
const engine = plugin.create(plugin.parseSettings(settings));

let server: FakeModelServer | undefined;
let sandbox: ReturnType<typeof makeSandbox>;
beforeEach(() => {
  sandbox = makeSandbox('copilot-e2e-');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  sandbox?.cleanup();
});

const serverEnv = (s: FakeModelServer) => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  OPENAI_API_KEY: KEY,
  OPENAI_BASE_URL: `${s.url}/v1`,
  XDG_CACHE_HOME: sharedCache(),
});

async function setup(script: FakeScript): Promise<(overrides?: Partial<EngineRunInput>) => EngineRunInput> {
  server = await startFakeModelServer(script);
  const env = serverEnv(server);
  return (overrides = {}) => sandbox.input({ env, timeoutMs: 120_000, ...overrides });
}

function writeSkill(dir: string, name: string, description: string): string {
  const skillDir = join(dir, name);
  mkdirSync(skillDir, { recursive: true });
  writeFileSync(
    join(skillDir, 'SKILL.md'),
    `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\nSay Ahoy.\n`,
  );
  return skillDir;
}

const agentRequests = () => server!.requests.filter((r) => r.api === 'openai-chat' && r.conversation !== undefined);
const bodyOf = (index: number) => JSON.stringify(agentRequests()[index]!.body);

describe('copilot engine against the fake model server', () => {
  it('runs skill then bash over two turns: skill seen via tool, file written, tokens, key kept out', async () => {
    writeSkill(join(sandbox.workspace, '.github', 'skills'), 'hello-skill', 'Greets the user in pirate speak.');
    const input = await setup({
      conversations: [
        {
          id: 'pirate',
          match: { user: 'Greet me like a pirate', tools: true },
          responses: [
            { toolCalls: [{ name: 'skill', input: { skill: 'hello-skill' } }] },
            {
              toolCalls: [{ name: 'bash', input: { command: 'echo AHOY > ahoy.txt', description: 'write ahoy.txt' } }],
            },
            { text: 'Done, matey.', usage: { input_tokens: 700, output_tokens: 9 } },
            { text: 'Still here, matey.' },
          ],
        },
      ],
    });
    const session = await engine.run(
      input({ turns: ['Greet me like a pirate and write ahoy.txt', 'Are you there?'], system: 'Captain Marker-5521.' }),
    );

    expect(session.error).toBeUndefined();
    expect(session.status).toBe('completed');
    expect(session.exitCode).toBe(0);
    expect(session.skillsInvoked).toEqual([{ name: 'hello-skill', via: 'tool' }]);
    expect(readFileSync(join(sandbox.workspace, 'ahoy.txt'), 'utf8')).toBe('AHOY\n');
    expect(session.toolCalls.map((call) => call.name)).toEqual(['skill', 'bash']);
    expect(session.toolCalls[0]!.output).toContain('Skill "hello-skill" loaded successfully');
    expect(session.toolCalls.every((call) => !call.isError)).toBe(true);
    expect(session.engineVersion).toContain('1.0.102');
    expect(session.model).toBe(MODEL);
    // The second turn resumed the session: its request carries the first turn's history.
    expect(session.finalMessage).toBe('Still here, matey.');
    expect(bodyOf(3)).toContain('Done, matey.');
    // The skill's body reached the model after the call; the system prompt reached it as a custom instruction.
    expect(bodyOf(1)).toContain('Say Ahoy.');
    expect(bodyOf(0)).toContain('Captain Marker-5521.');
    // Tokens from the usage files: the scripted reply is inside them.
    expect(session.usage.inputTokens).toBeGreaterThanOrEqual(700);
    expect(session.usage.outputTokens).toBeGreaterThanOrEqual(9);
    // The key goes in the Authorization header, and into no file of the run or the workspace.
    expect(agentRequests()[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(readFileSync(session.transcriptPath!, 'utf8')).not.toContain(KEY);
    expect(readdirSync(sandbox.workspace).sort()).toEqual(['.github', 'ahoy.txt']);
    expect(readFileSync(join(sandbox.home, '.copilot', 'settings.json'), 'utf8')).not.toContain(KEY);
    // copilot's temp folder is the execution's: its Node's compile cache is there, not in the machine's /tmp.
    expect(readdirSync(join(sandbox.home, '.tmp'))).toContain('node-compile-cache');
  }, 240_000);

  it('lists a skill staged under <workspace>/.github/skills to the model, not one elsewhere nor the built-in ones; warns maxTurns is not enforced', async () => {
    writeSkill(join(sandbox.workspace, '.github', 'skills'), 'staged-skill', 'Staged for the listing test.');
    writeSkill(join(sandbox.workspace, 'skills'), 'stray-skill', 'Not under a skill root.');
    const input = await setup({
      conversations: [{ id: 'list', match: { user: 'Which skills', tools: true }, responses: [{ text: 'Some.' }] }],
    });
    const session = await engine.run(input({ turns: ['Which skills do you have?'], maxTurns: 3 }));
    expect(session.status).toBe('completed');
    expect(session.finalMessage).toBe('Some.');
    // Copilot has no turn limit to pass maxTurns to: the session says so rather than pretending.
    expect(session.warnings).toContainEqual({
      kind: 'engine',
      message: 'copilot has no turn limit; maxTurns 3 is not enforced.',
    });
    const body = bodyOf(0);
    expect(body).toContain('staged-skill');
    expect(body).toContain('Staged for the listing test.');
    expect(body).not.toContain('Not under a skill root.');
    // The built-in skills are disabled, as claude-code's bundled skills are switched off.
    expect(body).not.toContain('customize-cloud-agent');
    expect(body).not.toContain('github-pr-media');
  }, 180_000);

  it('fails with the provider’s error when the model endpoint refuses the key', async () => {
    const input = await setup({
      conversations: [{ id: 'deny', responses: [{ error: { status: 401, message: 'copilot-e2e: key refused' } }] }],
    });
    const session = await engine.run(input({ turns: ['Hello'] }));
    expect(session.status).toBe('error');
    expect(existsSync(session.transcriptPath!)).toBe(true);
  }, 180_000);
});

describe('copilot trigger and task evals through the runner', () => {
  const DEEP = 'DEEP-QUERY: greet the crew and save it';
  const TASK = 'TASK-QUERY: write the crew greeting to ahoy.txt';
  const activate: FakeResponse = { toolCalls: [{ name: 'skill', input: { skill: 'pirate' } }] };
  const write = (workspaceFile: string): FakeResponse => ({
    toolCalls: [{ name: 'bash', input: { command: `echo 'Ahoy, crew!' > ${workspaceFile}`, description: 'write' } }],
  });
  const script: FakeScript = {
    conversations: [
      {
        id: 'deep',
        match: { user: 'DEEP-QUERY', tools: true },
        // The answer to the skill's result is held: a run stopped at its first tool call is killed while it waits.
        responses: [activate, { ...write('ahoy.txt'), delayMs: 3000 }, { text: 'Saved ahoy.txt.' }],
      },
      {
        // The skill is listed to the model only when staged: with it, the model uses it and writes the file.
        id: 'task-with-skill',
        match: { user: 'TASK-QUERY', system: 'Greets like a pirate', tools: true },
        responses: [activate, write('ahoy.txt'), { text: 'Saved ahoy.txt.' }],
      },
      { id: 'task-without-skill', match: { user: 'TASK-QUERY', tools: true }, responses: [{ text: 'Hello, crew.' }] },
    ],
  };

  async function run(
    kind: 'trigger' | 'task',
    prompt: string,
    options: { runs: number; triggerDetection?: 'any-tool' | 'first-tool'; variants?: Variant[] },
  ) {
    server = await startFakeModelServer(script);
    const skillDir = writeSkill(sandbox.root, 'pirate', 'Greets like a pirate.');
    const file = join(sandbox.root, kind === 'trigger' ? 'triggers.json' : 'evals.json');
    const testCase = CaseSchema.parse({
      id: 'q',
      name: prompt,
      kind,
      turns: [prompt],
      ...(kind === 'trigger'
        ? { shouldTrigger: true }
        : { checks: [{ type: 'file-contains', path: 'ahoy.txt', value: 'Ahoy, crew!' }] }),
      runs: options.runs,
      skills: [{ name: 'pirate', dir: skillDir }],
      source: { file, format: kind === 'trigger' ? 'triggers-json' : 'evals-json' },
    });
    const suite = SuiteSchema.parse({ id: 's', name: 'pirate', file, format: 'x', cases: [testCase] });
    const { results, summary } = await runSuites({
      suites: [suite],
      engines: [{ id: 'copilot', engine: plugin.create(plugin.parseSettings(settings)) }],
      outDir: join(sandbox.root, `out-${randomUUID()}`),
      tempDir: sandbox.root,
      concurrency: 1,
      env: serverEnv(server),
      timeoutSeconds: 120,
      ...(options.triggerDetection ? { triggerDetection: options.triggerDetection } : {}),
      ...(options.variants ? { variants: options.variants } : {}),
    });
    const requests = server.requests.filter((r) => r.conversation !== undefined);
    return { results: results.sort((a: CaseResult, b: CaseResult) => a.run - b.run), requests, summary };
  }

  it('first-tool mode stops the run at its first tool call, before the next tool runs', async () => {
    const { results, requests } = await run('trigger', DEEP, { runs: 1, triggerDetection: 'first-tool' });
    expect(results[0]).toMatchObject({ status: 'passed', triggered: true, session: { stoppedEarly: true } });
    expect(results[0]!.session?.toolCalls.map((call) => call.name)).toEqual(['skill']);
    // Copilot's `skill` tool answers within milliseconds of the call (5 ms in the recorded stream) and the next request
    // follows at once, so the skill's result may already be on its way to the model when the process group is killed;
    // the run never gets to the scripted write (step 1's answer, which the model holds 3 s) or the final text.
    expect(requests.map((r) => r.step)).not.toContain(2);
  }, 240_000);

  it('a task eval passes with the skill staged and fails without it', async () => {
    const { results } = await run('task', TASK, { runs: 1, variants: ['with_skill', 'without_skill'] });
    const byVariant = Object.fromEntries(results.map((r) => [r.variant, r]));
    expect(byVariant.with_skill).toMatchObject({ status: 'passed', score: 1 });
    expect(byVariant.with_skill!.session?.skillsInvoked).toEqual([{ name: 'pirate', via: 'tool' }]);
    expect(byVariant.without_skill).toMatchObject({ status: 'failed' });
    expect(byVariant.without_skill!.session?.skillsInvoked).toEqual([]);
    expect(byVariant.without_skill!.session?.finalMessage).toBe('Hello, crew.');
  }, 300_000);
});
