import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSkillEvalError } from '@skill-eval/core';
import { abortWhen, deadlineAfterStart, isGone, makeSandbox } from '@skill-eval/engine-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import plugin from './index.js';

// These tests replay recorded claude output through stand-in scripts, to test the engine's process handling.
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const engineWith = (path: string) => plugin.create(plugin.parseSettings({ path }));
const readPids = (file: string) => readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);

let sandbox: ReturnType<typeof makeSandbox>;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => {
  sandbox.cleanup();
});

describe('ClaudeCodeEngine with a replaying stand-in', () => {
  it('turns a recorded run into a completed session, saves the raw stream, keeps keys off argv', async () => {
    const argsFile = join(sandbox.root, 'args');
    const bin = sandbox.script(
      'claude',
      `printf '%s\\n' "$@" > "${argsFile}"; env > "${argsFile}.env"; cat > "${argsFile}.stdin"; cat "${fixtures}skill-write.jsonl"`,
    );
    const env = { PATH: process.env.PATH!, ANTHROPIC_API_KEY: 'sk-ant-test-key-42', SOMETHING: 'x' };
    const session = await engineWith(bin).run(sandbox.input({ env, turns: ['Greet me'], system: 'Be brief.' }));

    expect(session.status).toBe('completed');
    expect(session.error).toBeUndefined();
    expect(session.finalMessage).toBe('Done, matey.');
    expect(session.skillsInvoked).toEqual([{ name: 'hello-skill', via: 'tool' }]);
    expect(session.engineVersion).toBe('2.1.330');
    expect(session.events[0]).toEqual({ type: 'message', role: 'user', text: 'Greet me' });
    expect(readFileSync(session.transcriptPath!, 'utf8')).toBe(readFileSync(`${fixtures}skill-write.jsonl`, 'utf8'));

    const args = readFileSync(argsFile, 'utf8');
    expect(args).not.toContain('sk-ant-test-key-42');
    expect(args).not.toContain('Greet me');
    expect(readFileSync(`${argsFile}.stdin`, 'utf8')).toBe('Greet me');
    expect(args).toContain('--append-system-prompt=Be brief.');
    const childEnv = readFileSync(`${argsFile}.env`, 'utf8');
    expect(childEnv).toContain('ANTHROPIC_API_KEY=sk-ant-test-key-42');
    expect(childEnv).toContain(`HOME=${sandbox.home}`);
    expect(childEnv).toContain(`CLAUDE_CONFIG_DIR=${join(sandbox.home, '.claude')}`);
    expect(childEnv).not.toContain('VITEST');
  });

  it("gives claude only the case's tools: --tools the allowed built-ins, --disallowed-tools the kept ones", async () => {
    const argsFile = join(sandbox.root, 'args');
    const bin = sandbox.script(
      'claude',
      `printf '%s\\n' "$@" > "${argsFile}"; cat > /dev/null; cat "${fixtures}skill-write.jsonl"`,
    );
    const engine = engineWith(bin);
    expect(engine.capabilities?.tools).toBe(true);
    await engine.run(sandbox.input({ tools: { allowed: ['Read', 'Skill'], disallowed: ['Write'] } }));
    const args = readFileSync(argsFile, 'utf8');
    expect(args).toContain('--tools=Read,Skill\n');
    expect(args).toContain('--disallowed-tools=Write\n');
  });

  it('reports a crash without a result event as ENGINE_FAILED with the stderr tail and warns on junk lines', async () => {
    const bin = sandbox.script('claude', `echo 'not json at all'; echo 'fatal: config broken' >&2; exit 3`);
    const session = await engineWith(bin).run(sandbox.input());
    expect(session.status).toBe('error');
    expect(session.exitCode).toBe(3);
    expect(session.error?.code).toBe('ENGINE_FAILED');
    expect(session.error?.message).toContain('exited with code 3');
    expect(session.error?.message).toContain('fatal: config broken');
    expect(session.warnings.map((w) => `${w.kind}: ${w.message}`).join('\n')).toMatch(/^engine: .*not JSON/m);
  });

  it('hands claude a prompt over 128 KiB, or one starting with a dash, whole on stdin', async () => {
    const stdinFile = join(sandbox.root, 'stdin');
    const bin = sandbox.script('claude', `cat > "${stdinFile}"; cat "${fixtures}skill-write.jsonl"`);
    const prompt = `-rf ${'lorem ipsum '.repeat(20_000)}`;
    const session = await engineWith(bin).run(sandbox.input({ turns: [prompt] }));
    expect(session.error).toBeUndefined();
    expect(session.status).toBe('completed');
    expect(readFileSync(stdinFile, 'utf8')).toBe(prompt);
  });

  it('maps a recorded max-turns run to status max-turns', async () => {
    const bin = sandbox.script('claude', `cat "${fixtures}max-turns.jsonl"; exit 1`);
    const session = await engineWith(bin).run(sandbox.input({ maxTurns: 1 }));
    expect(session.status).toBe('max-turns');
    expect(session.error).toMatchObject({ code: 'MAX_TURNS' });
    expect(session.toolCalls[0]).toMatchObject({ name: 'Bash', output: 'hi' });
  });

  it('resumes the same session for the next turn and adds up the per-process numbers', async () => {
    const argsFile = join(sandbox.root, 'args');
    const bin = sandbox.script(
      'claude',
      `echo "$*" >> "${argsFile}"
case "$*" in *--resume*) cat "${fixtures}resume-turn-2.jsonl";; *) cat "${fixtures}resume-turn-1.jsonl";; esac`,
    );
    const session = await engineWith(bin).run(sandbox.input({ turns: ['one', 'two'] }));
    expect(session.status).toBe('completed');
    const texts = session.events.flatMap((e) => (e.type === 'message' ? [`${e.role}:${e.text}`] : []));
    expect(texts).toEqual(['user:one', 'assistant:First answer.', 'user:two', 'assistant:Second answer.']);
    expect(session.turns).toBe(2);
    const secondResult = JSON.parse(
      readFileSync(`${fixtures}resume-turn-2.jsonl`, 'utf8')
        .split('\n')
        .find((l) => l.includes('"type":"result"'))!,
    );
    // total_cost_usd of a resumed process is already cumulative: summing it would count turn 1 twice.
    expect(session.costUsd).toBeCloseTo(secondResult.total_cost_usd, 8);
    const [first, second] = readFileSync(argsFile, 'utf8').trim().split('\n');
    const sessionId = /--session-id (\S+)/.exec(first!)?.[1];
    expect(sessionId).toBeTruthy();
    // The id claude reported wins over the one we chose, in case it differs.
    const reported = JSON.parse(readFileSync(`${fixtures}resume-turn-1.jsonl`, 'utf8').split('\n')[0]!).session_id;
    expect(second).toContain(`--resume ${reported}`);
  });

  it('stops after a failed turn', async () => {
    const count = join(sandbox.root, 'count');
    const bin = sandbox.script('claude', `echo x >> "${count}"; cat "${fixtures}api-error-401.jsonl"; exit 1`);
    const session = await engineWith(bin).run(sandbox.input({ turns: ['one', 'two'] }));
    expect(session.status).toBe('error');
    expect(session.error?.code).toBe('ENGINE_FAILED');
    expect(session.error?.message).toContain('401');
    expect(readFileSync(count, 'utf8').trim().split('\n')).toHaveLength(1);
  });
});

describe('ClaudeCodeEngine process control', () => {
  it('kills the whole process group at the deadline', async () => {
    const pids = join(sandbox.root, 'pids');
    const bin = sandbox.script('claude', `sleep 300 & echo $! > "${pids}"; echo $$ >> "${pids}"; sleep 300`);
    const { result: session, timeoutMs } = await deadlineAfterStart(
      (limit) => engineWith(bin).run(sandbox.input({ timeoutMs: limit })),
      () => readPids(pids).length === 2,
    );
    expect(session.durationMs).toBeLessThan(timeoutMs + 30_000);
    expect(session.status).toBe('timeout');
    expect(session.error?.code).toBe('TIMEOUT');
    const all = readPids(pids);
    expect(all).toHaveLength(2);
    await expect.poll(() => all.every(isGone), { timeout: 10_000 }).toBe(true);
  }, 60_000);

  it('stops on abort with INTERRUPTED', async () => {
    const pids = join(sandbox.root, 'pids');
    const bin = sandbox.script('claude', `echo $$ > "${pids}"; sleep 300`);
    const signal = abortWhen(() => existsSync(pids));
    const session = await engineWith(bin).run(sandbox.input({ signal }));
    expect(session.status).toBe('error');
    expect(session.error?.code).toBe('INTERRUPTED');
    await expect.poll(() => readPids(pids).every(isGone), { timeout: 10_000 }).toBe(true);
  }, 60_000);

  it('stops at the event stopWhen accepts: kills the group and returns the session so far as completed', async () => {
    const pids = join(sandbox.root, 'pids');
    // The recorded run up to its Skill tool_use, then a process that would go on for minutes.
    const bin = sandbox.script(
      'claude',
      `sleep 300 >/dev/null 2>&1 & echo $! > "${pids}"; echo $$ >> "${pids}"; head -n 3 "${fixtures}skill-write.jsonl"; sleep 300`,
    );
    const started = Date.now();
    const session = await engineWith(bin).run(
      sandbox.input({ turns: ['Greet me', 'Again'], stopWhen: (event) => event.type === 'tool-call' }),
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(session).toMatchObject({ status: 'completed', stoppedEarly: true, exitCode: null });
    expect(session.error).toBeUndefined();
    expect(session.events.map((e) => e.type)).toEqual(['message', 'message', 'tool-call', 'skill']);
    expect(session.skillsInvoked).toEqual([{ name: 'hello-skill', via: 'tool' }]);
    const all = readPids(pids);
    expect(all).toHaveLength(2);
    await expect.poll(() => all.every(isGone), { timeout: 10_000 }).toBe(true);
  }, 60_000);

  it('kills what the agent left running in the background after a normal exit', async () => {
    const pids = join(sandbox.root, 'pids');
    const bin = sandbox.script(
      'claude',
      `sleep 300 >/dev/null 2>&1 & echo $! > "${pids}"; cat "${fixtures}resume-turn-1.jsonl"`,
    );
    const session = await engineWith(bin).run(sandbox.input());
    expect(session.status).toBe('completed');
    await expect.poll(() => readPids(pids).every(isGone), { timeout: 10_000 }).toBe(true);
  }, 60_000);
});

describe('ClaudeCodeEngine start-up failures', () => {
  it('reports a workspace that cannot be entered as ENGINE_FAILED, not as a missing binary', async () => {
    const bin = sandbox.script('claude', `cat "${fixtures}resume-turn-1.jsonl"`);
    const session = await engineWith(bin).run(sandbox.input({ workspace: join(sandbox.root, 'missing-ws') }));
    expect(session.status).toBe('error');
    expect(session.error?.code).toBe('ENGINE_FAILED');
    expect(session.error?.message).toContain('Could not start');
  });

  it('asks for a credential before a run: with a fresh HOME, a login never reaches claude', () => {
    const engine = plugin.create(plugin.parseSettings({}));
    expect(engine.missingSetup?.({ PATH: '/usr/bin' })).toContain(
      'claude-code needs a credential in the environment: ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN, CLAUDE_CODE_OAUTH_TOKEN',
    );
    // A switch that is off is no credential.
    expect(engine.missingSetup?.({ CLAUDE_CODE_USE_BEDROCK: '0' })).toBeDefined();
    for (const env of [
      { ANTHROPIC_API_KEY: 'k' },
      { ANTHROPIC_AUTH_TOKEN: 't' },
      { CLAUDE_CODE_OAUTH_TOKEN: 'o' },
      { CLAUDE_CODE_USE_BEDROCK: '1' },
      { CLAUDE_CODE_USE_VERTEX: 'true' },
    ])
      expect(engine.missingSetup?.(env)).toBeUndefined();
    // Named in claude's order: a cloud provider first, then an auth token, an API key, the subscription's token.
    expect(engine.credential?.({ ANTHROPIC_API_KEY: 'k', CLAUDE_CODE_OAUTH_TOKEN: 'o' })).toEqual({
      kind: 'API key',
      variable: 'ANTHROPIC_API_KEY',
    });
    expect(
      engine.credential?.({
        ANTHROPIC_API_KEY: 'k',
        CLAUDE_CODE_USE_VERTEX: '1',
        GOOGLE_APPLICATION_CREDENTIALS: '/k.json',
      }),
    ).toEqual({
      kind: 'Google Vertex AI (GOOGLE_APPLICATION_CREDENTIALS)',
      variable: 'CLAUDE_CODE_USE_VERTEX',
    });
    // What the runner hands claude besides its allowlist.
    expect(engine.environment).toEqual(expect.arrayContaining(['CLAUDE_CODE_OAUTH_TOKEN', 'AWS_SECRET_ACCESS_KEY']));
  });

  it('returns ENGINE_NOT_FOUND with the install hint when claude is not on PATH', async () => {
    const engine = plugin.create(plugin.parseSettings({}));
    const session = await engine.run(sandbox.input({ env: { PATH: sandbox.root } }));
    expect(session.status).toBe('error');
    expect(session.error?.code).toBe('ENGINE_NOT_FOUND');
    expect(session.error?.message).toContain('npm install -g @anthropic-ai/claude-code');
    expect(session.error?.message).toContain('--ek path=');
  });

  it('rejects version() with ENGINE_NOT_FOUND for a missing path and parses a present one', async () => {
    const missing = engineWith(join(sandbox.root, 'nope', 'claude'));
    const error = await missing.version().catch((e: unknown) => e);
    expect(isSkillEvalError(error) && error.code).toBe('ENGINE_NOT_FOUND');
    expect((error as { hint?: string }).hint).toContain('npm install -g @anthropic-ai/claude-code');

    const counter = join(sandbox.root, 'calls');
    const bin = sandbox.script('claude', `echo x >> "${counter}"; echo '9.8.7 (Claude Code)'`);
    const engine = engineWith(bin);
    expect(await engine.version()).toBe('9.8.7');
    expect(await engine.version()).toBe('9.8.7');
    expect(readFileSync(counter, 'utf8').trim().split('\n')).toHaveLength(1);
  });
});
