import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isGone } from '@skill-eval/engine-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import plugin from './index.js';
import { makeSandbox } from './test-support/make-sandbox.js';

// Stand-in `codex` scripts replay recorded output, to test the engine's process handling and turn logic.
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const engineWith = (path: string, extra: Record<string, unknown> = {}) =>
  plugin.create(plugin.parseSettings({ path, ...extra }));

let sandbox: ReturnType<typeof makeSandbox>;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => {
  sandbox.cleanup();
});

/** A stand-in codex: `--version` answers like 0.169.0, `sandbox` (the check of its tool sandbox) passes; else `body` runs. */
const standIn = (body: string, sandboxCheck = 'exit 0') =>
  sandbox.script(
    'codex',
    `if [ "$1" = "--version" ]; then echo "codex-cli 0.169.0"; exit 0; fi\nif [ "$1" = "sandbox" ]; then ${sandboxCheck}; fi\n${body}`,
  );

describe('CodexEngine with a replaying stand-in', () => {
  it('turns a recorded run into a session, saves the raw stream, keeps the key off argv', async () => {
    const argsFile = join(sandbox.root, 'args');
    const bin = standIn(
      `printf '%s\\n' "$@" > "${argsFile}"; env > "${argsFile}.env"; cat > "${argsFile}.stdin"; cat "${fixtures}skill-read-patch.jsonl"`,
    );
    const skill = sandbox.stageSkill('demo-skill', 'Demo.');
    const env = {
      PATH: process.env.PATH!,
      OPENAI_API_KEY: 'sk-test-key-0042',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    };
    const session = await engineWith(bin).run(sandbox.input({ env, skills: [skill], turns: ['Give me a demo'] }));

    expect(session.error).toBeUndefined();
    expect(session.status).toBe('completed');
    expect(session.exitCode).toBe(0);
    expect(session.finalMessage).toBe('All done.');
    expect(session.engineId).toBe('codex');
    expect(session.engineVersion).toBe('0.169.0');
    expect(session.model).toBe('gpt-5.5');
    expect(session.turns).toBe(1);
    expect(session.skillsInvoked).toEqual([{ name: 'demo-skill', via: 'file-read' }]);
    expect(session.toolCalls.map((call) => [call.name, call.isError])).toEqual([
      ['exec_command', false],
      ['apply_patch', false],
      ['exec_command', true],
    ]);
    expect(session.events[0]).toEqual({ type: 'message', role: 'user', text: 'Give me a demo' });
    expect(session.usage).toMatchObject({ inputTokens: 38069, outputTokens: 57, reasoningTokens: 6 });
    // gpt-5.5 at $1.25/M in, $10/M out (reasoning billed as output).
    expect(session.costUsd).toBeCloseTo((38069 * 1.25 + 63 * 10) / 1e6, 10);
    expect(session.transcriptPath).toBe(join(sandbox.artifacts, 'codex-events.jsonl'));
    expect(readFileSync(session.transcriptPath!, 'utf8')).toBe(
      readFileSync(`${fixtures}skill-read-patch.jsonl`, 'utf8'),
    );

    const args = readFileSync(argsFile, 'utf8');
    expect(args).not.toContain('sk-test-key-0042');
    expect(args).toContain('model_providers.skilleval.base_url="http://127.0.0.1:9/v1"');
    expect(args.trim().split('\n').slice(-2)).toEqual(['--', '-']);
    expect(readFileSync(`${argsFile}.stdin`, 'utf8')).toBe('Give me a demo');
    const childEnv = readFileSync(`${argsFile}.env`, 'utf8');
    expect(childEnv).toContain('OPENAI_API_KEY=sk-test-key-0042');
    expect(childEnv).toContain(`HOME=${sandbox.home}\n`);
    expect(childEnv).toContain(`CODEX_HOME=${join(sandbox.home, '.codex')}\n`);
    expect(childEnv).not.toContain('VITEST');
  });

  it('hands codex a prompt over 128 KiB, or one starting with a dash, whole on stdin', async () => {
    const stdinFile = join(sandbox.root, 'stdin');
    const bin = standIn(`cat > "${stdinFile}"; cat "${fixtures}skill-read-patch.jsonl"`);
    const prompt = `-rf ${'lorem ipsum '.repeat(20_000)}`;
    const env = { PATH: process.env.PATH!, OPENAI_API_KEY: 'sk-test-key-0042' };
    const session = await engineWith(bin).run(sandbox.input({ env, turns: [prompt] }));
    expect(session.error).toBeUndefined();
    expect(session.status).toBe('completed');
    expect(readFileSync(stdinFile, 'utf8')).toBe(prompt);
  });

  it('resumes the thread for the next turn and takes per-turn usage from the running totals', async () => {
    const argsFile = join(sandbox.root, 'args');
    const bin = standIn(
      `echo "$*" >> "${argsFile}"
case "$*" in *" resume "*) cat "${fixtures}cached-resume-turn-2.jsonl";; *) cat "${fixtures}cached-resume-turn-1.jsonl";; esac`,
    );
    const session = await engineWith(bin).run(sandbox.input({ turns: ['My first question', 'Second one'] }));
    expect(session.status).toBe('completed');
    const calls = readFileSync(argsFile, 'utf8').trim().split('\n');
    expect(calls).toHaveLength(2);
    expect(calls[0]).not.toContain('--ephemeral');
    expect(calls[1]).toMatch(/^exec resume .* -- 01a20506-cfc2-7df0-928a-300c5a0b804d -$/);
    const texts = session.events.flatMap((e) => (e.type === 'message' ? [`${e.role}:${e.text}`] : []));
    expect(texts).toEqual([
      'user:My first question',
      'assistant:Answer one.',
      'user:Second one',
      'assistant:Answer two.',
    ]);
    expect(session.finalMessage).toBe('Answer two.');
    expect(session.turns).toBe(2);
    // Totals after turn 2: input 2500 (1300 cached), output 80 (15 reasoning) — the sum, not double counted.
    expect(session.usage).toEqual({
      inputTokens: 1200,
      outputTokens: 65,
      cacheReadTokens: 1300,
      cacheWriteTokens: 0,
      reasoningTokens: 15,
    });
  });

  it('stops the conversation at a failed turn with ENGINE_FAILED and the API message', async () => {
    const argsFile = join(sandbox.root, 'args');
    const bin = standIn(`echo "$*" >> "${argsFile}"; cat "${fixtures}api-error-401.jsonl"; exit 1`);
    const session = await engineWith(bin).run(sandbox.input({ turns: ['one', 'two'] }));
    expect(session.status).toBe('error');
    expect(session.exitCode).toBe(1);
    expect(session.error?.code).toBe('ENGINE_FAILED');
    expect(session.error?.message).toContain('401 Unauthorized: bad key');
    expect(readFileSync(argsFile, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('fails at once when codex cannot reach its endpoint, instead of waiting out the timeout with it', async () => {
    const waiting =
      '{"type":"error","message":"Reconnecting... waiting for network (Connection failed: error sending request)"}';
    const bin = standIn(`echo '{"type":"turn.started"}'; echo '${waiting}'; sleep 30`);
    const started = Date.now();
    const session = await engineWith(bin).run(sandbox.input({ timeoutMs: 20_000 }));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(session.status).toBe('error');
    expect(session.error?.code).toBe('ENGINE_FAILED');
    expect(session.error?.message).toContain(
      'codex cannot reach its model endpoint (Reconnecting... waiting for network',
    );
  });

  it('reports a crash without turn.completed with the stderr tail, and redacts the key from it', async () => {
    const bin = standIn(`echo '{"type":"turn.started"}'; echo "fatal: bad key $OPENAI_API_KEY" >&2; exit 3`);
    const session = await engineWith(bin).run(sandbox.input());
    expect(session.status).toBe('error');
    expect(session.exitCode).toBe(3);
    expect(session.error?.code).toBe('ENGINE_FAILED');
    expect(session.error?.message).toContain('exited with code 3');
    expect(session.error?.message).toContain('fatal: bad key [REDACTED]');
  });

  it('notes the $skill mention of a staged skill and warns that maxTurns is not enforced', async () => {
    const bin = standIn(`cat "${fixtures}unknown-model.jsonl"`);
    const skill = sandbox.stageSkill('pdf-tools', 'PDFs.');
    const session = await engineWith(bin).run(
      sandbox.input({ skills: [skill], turns: ['Use $pdf-tools please'], maxTurns: 3, model: 'gpt-fake' }),
    );
    expect(session.status).toBe('completed');
    expect(session.skillsInvoked).toEqual([{ name: 'pdf-tools', via: 'mention' }]);
    expect(session.model).toBe('gpt-fake');
    expect(session.costUsd).toBeUndefined();
    expect(session.warnings).toEqual([
      { kind: 'engine', message: 'codex has no turn limit; maxTurns 3 is not enforced.' },
      { kind: 'engine', message: expect.stringContaining('turn 1: Model metadata for `gpt-fake` not found') },
    ]);
  });

  it('fails before spawning when the API key variable is missing', async () => {
    const marker = join(sandbox.root, 'ran');
    const bin = standIn(`touch "${marker}"`);
    const session = await engineWith(bin, { apiKeyEnv: 'OTHER_KEY' }).run(sandbox.input());
    expect(session.status).toBe('error');
    expect(session.error?.message).toContain('OTHER_KEY');
    expect(() => readFileSync(marker)).toThrow();
  });

  it('asks for the variable its apiKeyEnv names before a run, and names it for the runner to pass', () => {
    const engine = engineWith('codex', { apiKeyEnv: 'OTHER_KEY' });
    expect(engine.environment).toEqual(['OTHER_KEY', 'CODEX_HOME']);
    expect(engine.missingSetup?.({ OPENAI_API_KEY: 'k' })).toContain('codex needs an API key in OTHER_KEY');
    expect(engine.missingSetup?.({ OTHER_KEY: 'k' })).toBeUndefined();
  });

  it('is an ENVIRONMENT_FAILED error naming the cause, asking no model, when its sandbox cannot start commands', async () => {
    const marker = join(sandbox.root, 'ran');
    const checks = join(sandbox.root, 'checks');
    const bin = standIn(
      `touch "${marker}"`,
      `echo "$@" >> "${checks}"; echo 'WARNING: proceeding, even though we could not create PATH aliases: Refusing to create helper binaries under temporary dir' >&2; echo 'bwrap: execvp codex-linux-sandbox: No such file or directory' >&2; exit 1`,
    );
    const engine = engineWith(bin);
    for (const _ of [1, 2]) {
      const session = await engine.run(sandbox.input());
      expect(session.status).toBe('error');
      expect(session.error?.code).toBe('ENVIRONMENT_FAILED');
      expect(session.error?.message).toContain(
        'codex cannot start commands in its workspace-write sandbox here, so every tool call of the agent would fail: bwrap: execvp codex-linux-sandbox: No such file or directory',
      );
      expect(session.error?.message).not.toContain('PATH aliases');
      expect(session.error?.message).toContain('--ek sandbox=danger-full-access');
    }
    expect(() => readFileSync(marker)).toThrow();
    // Asked once per engine and sandbox mode, as the run starts its commands: `codex sandbox` with that mode.
    expect(readFileSync(checks, 'utf8')).toBe(
      'sandbox -c sandbox_mode="workspace-write" -c sandbox_workspace_write.exclude_slash_tmp=true -c analytics.enabled=false -- sh -c exit 0\n',
    );
  });

  it('checks no sandbox when codex runs its commands without one (danger-full-access)', async () => {
    const bin = standIn(`cat "${fixtures}skill-read-patch.jsonl"`, 'exit 1');
    const session = await engineWith(bin, { sandbox: 'danger-full-access' }).run(sandbox.input());
    expect(session.error).toBeUndefined();
    expect(session.status).toBe('completed');
  });

  it('answers ENGINE_NOT_FOUND with the install hint when the binary is missing', async () => {
    const engine = engineWith(join(sandbox.root, 'no-such-codex'));
    const session = await engine.run(sandbox.input());
    expect(session.status).toBe('error');
    expect(session.error?.code).toBe('ENGINE_NOT_FOUND');
    expect(session.error?.message).toContain('npm install -g @openai/codex');
    await expect(engine.version()).rejects.toMatchObject({ code: 'ENGINE_NOT_FOUND' });
  });

  it('stops at the first tool call when stopWhen says so: completed, stoppedEarly, the read skill recorded', async () => {
    const pids = join(sandbox.root, 'pids');
    const bin = standIn(`echo $$ > "${pids}"; head -n 4 "${fixtures}skill-read-patch.jsonl"; sleep 30`);
    const started = Date.now();
    const session = await engineWith(bin).run(sandbox.input({ stopWhen: (event) => event.type === 'tool-call' }));
    // Far below the stand-in's 30 s.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(session).toMatchObject({ status: 'completed', stoppedEarly: true });
    expect(session.error).toBeUndefined();
    expect(session.events.map((e) => e.type)).toEqual(['message', 'reasoning', 'tool-call', 'skill']);
    expect(session.skillsInvoked).toEqual([{ name: 'demo-skill', via: 'file-read' }]);
    // codex had not reported usage yet: the zero tokens are said to be unknown, not taken as free.
    expect(session.usage.inputTokens).toBe(0);
    expect(session.warnings).toEqual([
      { kind: 'engine', message: expect.stringContaining('tokens and cost of its last turn are unknown') },
    ]);
    await expect.poll(() => isGone(Number(readFileSync(pids, 'utf8').trim())), { timeout: 10_000 }).toBe(true);
  }, 60_000);

  it('stops at once when the run is aborted', async () => {
    const bin = standIn('sleep 30');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = Date.now();
    const session = await engineWith(bin).run(sandbox.input({ signal: controller.signal }));
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(session.status).toBe('error');
    expect(session.error?.code).toBe('INTERRUPTED');
  }, 60_000);
});
