import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, type FakeResponse, startFakeModelServer } from '@skill-eval/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { CLAUDE_BIN, CODEX_BIN } from '../test-support/paths.js';
import { writeFiles } from '../test-support/write-files.js';

// skill-up's user simulator, run on the anthropic engine with the run's judge playing the user, both against one
// scripted fake model. What is checked is skill-up's own behaviour (alibaba/skill-up): the simulator's prompts
// (internal/usersimulator/simulator.go:148-153), its stop rule and its turn limit (internal/evaluator/multiturn.go:126-137),
// and a `respond` turn that must be a reply (simulator.go:186-189).

let dir: string;
let server: FakeModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const SIMULATOR = 'You are a simulated user, not the agent under test.';
const reply = (message: string): FakeResponse => ({ text: JSON.stringify({ action: 'reply', message }) });
const stop = (reason: string): FakeResponse => ({ text: JSON.stringify({ action: 'stop', reason }) });

/** A skill-up suite with one case, its simulator `sim-model` over anthropic, on a fake model scripted as given. */
async function setUp(caseLines: string[], agent: FakeResponse[], simulator: FakeResponse[]): Promise<void> {
  dir = mkdtempSync(join(tmpdir(), 'simulated-user-'));
  server = await startFakeModelServer({
    conversations: [
      // Each simulator call is a fresh one-message request: call N takes list N.
      { id: 'simulator', match: { system: SIMULATOR }, cycle: simulator.map((r) => [r]) },
      { id: 'agent', match: { user: 'Help me configure' }, responses: agent },
    ],
  });
  writeFiles(dir, {
    'skill/SKILL.md': '---\nname: deploy\ndescription: Configures deployments.\n---\nBody\n',
    'skill/evals/eval.yaml': [
      'schema_version: v1alpha1',
      'environment: {type: none}',
      'user_simulator: {provider: simulation, protocol: anthropic, model: sim-model}',
      'cases:',
      '  files: [evals/cases/c.yaml]',
      '',
    ].join('\n'),
    'skill/evals/cases/c.yaml': [...caseLines, 'expect: {must_contain: ["DEPLOY=NO"]}', ''].join('\n'),
  });
}

async function run(engine = 'anthropic') {
  const io = captureIO(dir, {
    PATH: process.env.PATH,
    HOME: join(dir, 'home'),
    ANTHROPIC_API_KEY: 'k',
    ANTHROPIC_BASE_URL: server!.url,
    OPENAI_API_KEY: 'k',
    OPENAI_BASE_URL: `${server!.url}/v1`,
  });
  const bins: Record<string, string> = { 'claude-code': CLAUDE_BIN, codex: CODEX_BIN };
  const paths = bins[engine] ? ['--ek', `${engine}.path=${bins[engine]}`] : [];
  const code = await main(['run', 'skill', '-e', engine, ...paths, '--judge', 'anthropic', '--out', 'out'], io);
  const [result] = readFileSync(join(dir, 'out', 'results.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const transcript = JSON.parse(readFileSync(join(dir, 'out', result.transcriptFile), 'utf8'));
  const users = (transcript.events as { type: string; role?: string; text: string; simulated?: boolean }[])
    .filter((e) => e.type === 'message' && e.role === 'user')
    .map((e) => [e.text, e.simulated === true]);
  const requests = (id: string) => server!.requests.filter((r) => r.conversation === id);
  return { code, io, result, transcript, users, requests };
}

/** The text of the last user message of an Anthropic request. */
const lastUserText = (body: unknown): string => {
  const messages = (body as { messages: { role: string; content: string | { type: string; text?: string }[] }[] })
    .messages;
  const last = messages.filter((m) => m.role === 'user').at(-1)!;
  return typeof last.content === 'string' ? last.content : last.content.map((b) => b.text ?? '').join('');
};
const systemText = (body: unknown): string => JSON.stringify((body as { system?: unknown }).system ?? '');

describe('a simulated user (skill-up user_simulator)', () => {
  it('writes each next message from the agent’s answers until it stops, and the agent gets them in one conversation', async () => {
    await setUp(
      [
        'user_simulator: {scenario: Staging with two replicas. Never deploy.}',
        'input: {prompt: Help me configure a deployment.}',
      ],
      [{ text: 'Which environment?' }, { text: 'How many replicas?' }, { text: 'ENV=staging REPLICAS=2 DEPLOY=NO' }],
      [reply('staging'), reply('two'), stop('the agent confirmed no deploy')],
    );
    const { code, io, result, transcript, users, requests } = await run();
    expect(code, io.err()).toBe(0);
    expect(result.status).toBe('passed');
    expect(users).toEqual([
      ['Help me configure a deployment.', false],
      ['staging', true],
      ['two', true],
    ]);
    expect(transcript.simulatorStopReason).toBe('the agent confirmed no deploy');
    expect(result.session.simulatorStopReason).toBe('the agent confirmed no deploy');
    // The agent's third request carries the whole conversation, the simulated replies in it.
    const agent = requests('agent');
    expect(agent.map((r) => lastUserText(r.body))).toEqual(['Help me configure a deployment.', 'staging', 'two']);
    // The simulator: asked after every answer with skill-up's may-stop prompt, the model eval.yaml names, and the
    // conversation so far as skill-up marshals it.
    const asked = requests('simulator');
    expect(asked).toHaveLength(3);
    expect(asked.every((r) => (r.body as { model: string }).model === 'sim-model')).toBe(true);
    expect(systemText(asked[0]!.body)).toContain("Return action=stop when the user's goal is satisfied");
    expect(lastUserText(asked[2]!.body)).toBe(
      'Scenario:\nStaging with two replicas. Never deploy.\n\nCurrent instruction:\nGenerate the next user message or stop.\n\n' +
        'Conversation (JSON):\n[{"user":"Help me configure a deployment.","agent":"Which environment?"},{"user":"staging","agent":"How many replicas?"},' +
        '{"user":"two","agent":"ENV=staging REPLICAS=2 DEPLOY=NO"}]',
    );
  });

  it('a simulator still replying at max_turns ends the case in an error, as skill-up does', async () => {
    await setUp(
      [
        'user_simulator: {scenario: Keep asking.}',
        'input: {prompt: Help me configure a deployment.}',
        'constraints: {max_turns: 2}',
      ],
      [{ text: 'Which environment?' }, { text: 'DEPLOY=NO' }],
      [reply('staging'), reply('and more')],
    );
    const { code, result, users, requests } = await run();
    expect(code).toBe(1);
    expect(result.status).toBe('error');
    expect(result.error).toEqual({ code: 'MAX_TURNS', message: 'user simulation reached max_turns=2' });
    expect(users).toEqual([
      ['Help me configure a deployment.', false],
      ['staging', true],
    ]);
    expect(requests('agent')).toHaveLength(2);
    expect(requests('simulator')).toHaveLength(2);
  });

  it('a respond turn is written by the simulator under its instruction, between fixed turns; a stop there is an error', async () => {
    const mixed = [
      'user_simulator: {scenario: Staging only.}',
      'input:',
      '  turns:',
      '    - {role: user, content: Help me configure a deployment.}',
      '    - {role: user, respond: Answer the question about the environment.}',
      '    - {role: user, content: Do not deploy.}',
    ];
    await setUp(mixed, [{ text: 'Which environment?' }, { text: 'Noted.' }, { text: 'DEPLOY=NO' }], [reply('staging')]);
    const ok = await run();
    expect(ok.code, ok.io.err()).toBe(0);
    expect(ok.users).toEqual([
      ['Help me configure a deployment.', false],
      ['staging', true],
      ['Do not deploy.', false],
    ]);
    const [asked] = ok.requests('simulator');
    expect(systemText(asked!.body)).toContain('Return action=reply with one non-empty message.');
    expect(lastUserText(asked!.body)).toContain('Current instruction:\nAnswer the question about the environment.');
    await server!.close();
    rmSync(dir, { recursive: true, force: true });

    await setUp(mixed, [{ text: 'Which environment?' }], [stop('bored')]);
    const stopped = await run();
    expect(stopped.result.status).toBe('error');
    expect(stopped.result.error.message).toBe('turn 2 user simulation: user simulator stop is invalid for this turn');
    expect(stopped.users).toEqual([['Help me configure a deployment.', false]]);
  });

  // The real agent CLIs against the fake model server: each takes the simulated messages as resumed turns.
  it.each(['claude-code', 'codex'])(
    'runs on %s, each simulated message a resumed turn of one session',
    async (engine) => {
      await setUp(
        ['user_simulator: {scenario: Staging. Never deploy.}', 'input: {prompt: Help me configure a deployment.}'],
        [{ text: 'Which environment?' }, { text: 'ENV=staging DEPLOY=NO' }],
        [reply('staging'), stop('done')],
      );
      const { code, io, result, users, requests } = await run(engine);
      expect(code, io.err()).toBe(0);
      expect(result.engine).toBe(engine);
      expect(users).toEqual([
        ['Help me configure a deployment.', false],
        ['staging', true],
      ]);
      expect(result.session.simulatorStopReason).toBe('done');
      expect(requests('agent').map((r) => r.step)).toEqual([0, 1]);
    },
    120_000,
  );
});
