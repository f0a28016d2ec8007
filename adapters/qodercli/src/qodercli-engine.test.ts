import { existsSync, lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSkillEvalError } from '@skill-eval/core';
import { deadlineAfterStart, isGone, makeSandbox } from '@skill-eval/engine-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import plugin from './index.js';
import { CREDITS_FILE } from './qodercli-engine.js';

// Recorded/modelled qodercli streams replayed by stand-in scripts: the real CLI needs a Qoder account.
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const engineWith = (path: string, extra: Record<string, unknown> = {}) =>
  plugin.create(plugin.parseSettings({ path, ...extra }));
const resultLine = (file: string) =>
  JSON.parse(
    readFileSync(`${fixtures}${file}`, 'utf8')
      .split('\n')
      .find((line) => line.includes('"type":"result"'))!,
  );

let sandbox: ReturnType<typeof makeSandbox>;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => {
  sandbox.cleanup();
});

describe('QodercliEngine with a replaying stand-in', () => {
  it('turns a stream into a completed session, records credits, and keeps the token off argv', async () => {
    const argsFile = join(sandbox.root, 'args');
    const bin = sandbox.script(
      'qodercli',
      `printf '%s\\n' "$@" > "${argsFile}"; env > "${argsFile}.env"; touch "$TMPDIR/left"; cat "${fixtures}skill-write.jsonl"`,
    );
    const env = { PATH: process.env.PATH!, QODER_PERSONAL_ACCESS_TOKEN: 'pat-secret-123456' };
    const session = await engineWith(bin, { model: 'performance' }).run(
      sandbox.input({ env, turns: ['Greet me'], maxTurns: 6 }),
    );

    expect(session.status).toBe('completed');
    expect(session.error).toBeUndefined();
    expect(session.engineId).toBe('qodercli');
    expect(session.finalMessage).toBe('Done, matey.');
    expect(session.skillsInvoked).toEqual([{ name: 'hello-skill', via: 'tool' }]);
    expect(session.toolCalls.map((c) => c.name)).toEqual(['Skill', 'Read', 'Write']);
    expect(session.engineVersion).toBe('1.1.52');
    expect(session.usage).toMatchObject({ inputTokens: 9120, outputTokens: 48 });
    expect(session.durationMs).toBe(resultLine('skill-write.jsonl').duration_ms);
    // total_cost_usd is 0 in qodercli; a cost of 0 would claim the run was free.
    expect(session.costUsd).toBeUndefined();
    expect(readFileSync(session.transcriptPath!, 'utf8')).toBe(readFileSync(`${fixtures}skill-write.jsonl`, 'utf8'));
    const credits = JSON.parse(readFileSync(join(sandbox.artifacts, CREDITS_FILE), 'utf8'));
    expect(credits).toEqual({ turns: [{ turn: 1, totalCredits: resultLine('skill-write.jsonl').total_credits }] });

    const args = readFileSync(argsFile, 'utf8').trim().split('\n');
    expect(args.slice(0, 2)).toEqual(['-p', 'Greet me']);
    expect(args.join(' ')).toContain('--output-format stream-json --permission-mode bypass_permissions');
    expect(args.join(' ')).toContain('--model=performance --max-turns 6');
    expect(args.join(' ')).not.toContain('pat-secret-123456');
    const childEnv = readFileSync(`${argsFile}.env`, 'utf8');
    expect(childEnv).toContain('QODER_PERSONAL_ACCESS_TOKEN=pat-secret-123456');
    expect(childEnv).toContain(`QODER_CONFIG_DIR=${join(sandbox.home, '.qoder')}`);
    expect(childEnv).toContain(`HOME=${sandbox.home}`);
    // Its temp folder is the execution's, made before it starts: what it leaves there goes with the execution.
    expect(childEnv).toContain(`TMPDIR=${join(sandbox.home, '.tmp')}`);
    expect(existsSync(join(sandbox.home, '.tmp', 'left'))).toBe(true);
    expect(childEnv).not.toContain('VITEST');
  });

  it('explains how to log in when qodercli answers "Not logged in"', async () => {
    const bin = sandbox.script('qodercli', `cat "${fixtures}not-logged-in.jsonl"; exit 1`);
    const session = await engineWith(bin).run(sandbox.input());
    expect(session.status).toBe('error');
    expect(session.exitCode).toBe(1);
    expect(session.error?.code).toBe('ENGINE_FAILED');
    expect(session.error?.message).toContain('not logged in');
    expect(session.error?.message).toContain('QODER_PERSONAL_ACCESS_TOKEN');
    // A login of the user's own now reaches the run: the hint names where it is looked for.
    expect(session.error?.message).toContain('or log in with `qodercli login` (its state in ~/.qoder/.auth');
    // The login prompt is not an answer a check could pass on.
    expect(session.finalMessage).toBe('');
    expect(session.events.some((e) => e.type === 'error' && e.message.includes('Not logged in'))).toBe(true);
  });

  it("links the user's login state into the fresh config dir when no token is set, and says so before a run", async () => {
    const userHome = join(sandbox.root, 'user-home');
    mkdirSync(join(userHome, '.qoder', '.auth'), { recursive: true });
    writeFileSync(join(userHome, '.qoder', '.auth', 'user'), 'login state');
    const seen = join(sandbox.root, 'seen');
    const bin = sandbox.script(
      'qodercli',
      `cat "$QODER_CONFIG_DIR/.auth/user" > "${seen}"; cat "${fixtures}not-logged-in.jsonl"; exit 1`,
    );
    const engine = engineWith(bin);
    const env = { PATH: process.env.PATH!, HOME: userHome };
    expect(engine.missingSetup?.(env)).toBeUndefined();
    expect(engine.credential?.(env)).toEqual({
      kind: 'qodercli login',
      file: join(userHome, '.qoder', '.auth', 'user'),
    });
    await engine.run(sandbox.input({ env, userHome }));
    expect(readFileSync(seen, 'utf8')).toBe('login state');
    expect(lstatSync(join(sandbox.home, '.qoder', '.auth')).isSymbolicLink()).toBe(true);
    // A token wins, and nothing is linked; with neither, the run stops before it starts.
    expect(engine.credential?.({ ...env, QODER_PERSONAL_ACCESS_TOKEN: 'pat' })).toEqual({
      kind: 'personal access token',
      variable: 'QODER_PERSONAL_ACCESS_TOKEN',
    });
    expect(engine.missingSetup?.({ HOME: join(sandbox.root, 'nobody') })).toContain(
      'neither an access token nor a login',
    );
  });

  it('maps an error_max_turns result to status max-turns', async () => {
    const bin = sandbox.script('qodercli', `cat "${fixtures}max-turns.jsonl"; exit 1`);
    const session = await engineWith(bin).run(sandbox.input({ maxTurns: 1 }));
    expect(session.status).toBe('max-turns');
    expect(session.error?.code).toBe('MAX_TURNS');
    expect(session.toolCalls[0]).toMatchObject({ name: 'Bash', output: 'hi' });
  });

  it('resumes the session qodercli reported with -r for the next turn', async () => {
    const argsFile = join(sandbox.root, 'args');
    const bin = sandbox.script(
      'qodercli',
      `echo "$*" >> "${argsFile}"
case "$*" in *" -r "*) cat "${fixtures}resume-turn-2.jsonl";; *) cat "${fixtures}resume-turn-1.jsonl";; esac`,
    );
    const session = await engineWith(bin).run(sandbox.input({ turns: ['one', 'two'] }));
    expect(session.status).toBe('completed');
    const texts = session.events.flatMap((e) => (e.type === 'message' ? [`${e.role}:${e.text}`] : []));
    expect(texts).toEqual(['user:one', 'assistant:First answer.', 'user:two', 'assistant:Second answer.']);
    expect(session.finalMessage).toBe('Second answer.');
    expect(session.turns).toBe(2);
    expect(session.usage.inputTokens).toBe(
      resultLine('resume-turn-1.jsonl').usage.input_tokens + resultLine('resume-turn-2.jsonl').usage.input_tokens,
    );
    const [first, second] = readFileSync(argsFile, 'utf8').trim().split('\n');
    expect(first).not.toContain(' -r ');
    expect(second).toContain(`-r ${resultLine('resume-turn-1.jsonl').session_id}`);
    const credits = JSON.parse(readFileSync(join(sandbox.artifacts, CREDITS_FILE), 'utf8'));
    expect(credits.turns.map((t: { turn: number }) => t.turn)).toEqual([1, 2]);
  });

  it('reports a crash without a result event as ENGINE_FAILED with the stderr tail', async () => {
    const bin = sandbox.script('qodercli', `echo 'garbage'; echo 'boom: config broken' >&2; exit 3`);
    const session = await engineWith(bin).run(sandbox.input());
    expect(session.status).toBe('error');
    expect(session.exitCode).toBe(3);
    expect(session.error?.code).toBe('ENGINE_FAILED');
    expect(session.error?.message).toContain('exited with code 3');
    expect(session.error?.message).toContain('boom: config broken');
    expect(session.warnings.map((w) => `${w.kind}: ${w.message}`).join('\n')).toMatch(/^engine: .*not JSON/m);
    expect(existsSync(join(sandbox.artifacts, CREDITS_FILE))).toBe(false);
  });
});

describe('QodercliEngine process control and setup', () => {
  it('kills the whole process group at the deadline', async () => {
    const pids = join(sandbox.root, 'pids');
    const bin = sandbox.script('qodercli', `sleep 300 & echo $! > "${pids}"; echo $$ >> "${pids}"; sleep 300`);
    const readPids = () => readFileSync(pids, 'utf8').trim().split(/\s+/).map(Number);
    const { result: session, timeoutMs } = await deadlineAfterStart(
      (limit) => engineWith(bin).run(sandbox.input({ timeoutMs: limit })),
      () => readPids().length === 2,
    );
    expect(session.durationMs).toBeLessThan(timeoutMs + 30_000);
    expect(session.status).toBe('timeout');
    expect(session.error?.code).toBe('TIMEOUT');
    const all = readPids();
    expect(all).toHaveLength(2);
    await expect.poll(() => all.every(isGone), { timeout: 10_000 }).toBe(true);
  }, 60_000);

  it('stops at the event stopWhen accepts and kills the process group', async () => {
    const pids = join(sandbox.root, 'pids');
    const bin = sandbox.script('qodercli', `echo $$ > "${pids}"; head -n 3 "${fixtures}skill-write.jsonl"; sleep 300`);
    const started = Date.now();
    const session = await engineWith(bin).run(sandbox.input({ stopWhen: (event) => event.type === 'tool-call' }));
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(session).toMatchObject({ status: 'completed', stoppedEarly: true });
    expect(session.skillsInvoked).toEqual([{ name: 'hello-skill', via: 'tool' }]);
    await expect.poll(() => isGone(Number(readFileSync(pids, 'utf8').trim())), { timeout: 10_000 }).toBe(true);
  }, 60_000);

  it('returns ENGINE_NOT_FOUND with the npm install hint when qodercli is missing', async () => {
    const session = await plugin.create(plugin.parseSettings({})).run(sandbox.input({ env: { PATH: sandbox.root } }));
    expect(session.status).toBe('error');
    expect(session.error?.code).toBe('ENGINE_NOT_FOUND');
    expect(session.error?.message).toContain('npm install -g @qoder-ai/qodercli');
  });

  it('reads and caches the version, and rejects a missing binary with ENGINE_NOT_FOUND', async () => {
    const error = await engineWith(join(sandbox.root, 'nope'))
      .version()
      .catch((e: unknown) => e);
    expect(isSkillEvalError(error) && error.code).toBe('ENGINE_NOT_FOUND');
    const counter = join(sandbox.root, 'calls');
    const bin = sandbox.script('qodercli', `echo x >> "${counter}"; echo '1.1.52'`);
    const engine = engineWith(bin);
    expect(await engine.version()).toBe('1.1.52');
    expect(await engine.version()).toBe('1.1.52');
    expect(readFileSync(counter, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('stages skills under .qoder/skills and answers to the qoder alias', () => {
    const engine = plugin.create(plugin.parseSettings({}));
    expect(engine.skillRoots).toEqual(['.qoder/skills']);
    expect(plugin.aliases).toContain('qoder');
  });
});
