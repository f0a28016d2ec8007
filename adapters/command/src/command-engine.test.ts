import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ExecutionRecord, isSkillEvalError } from '@skill-eval/core';
import { abortWhen, deadlineAfterStart, isGone, makeSandbox } from '@skill-eval/engine-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FILES } from './command-engine.js';
import plugin from './index.js';

let sandbox: ReturnType<typeof makeSandbox>;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => {
  sandbox.cleanup();
});

const engine = (settings: Record<string, unknown>) =>
  plugin.create(plugin.parseSettings({ trusted: true, baseDir: sandbox.root, ...settings }));
const readPids = (file: string) => readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);

describe('simple mode: any program, prompt in, stdout out', () => {
  it('feeds the prompt on stdin and in SKILL_EVAL_PROMPT, runs in the workspace, takes stdout as the answer', async () => {
    sandbox.script(
      'agent.sh',
      `stdin=$(cat)
printf 'stdin=%s\\nenv=%s\\ncwd=%s\\n' "$stdin" "$SKILL_EVAL_PROMPT" "$(pwd)"`,
    );
    // A relative program path is taken from where skill-eval started (baseDir), not from the workspace.
    const session = await engine({ command: './agent.sh' }).run(sandbox.input({ turns: ['Say "hi"\nand $HOME'] }));
    expect(session.error).toBeUndefined();
    expect(session.status).toBe('completed');
    expect(session.exitCode).toBe(0);
    expect(session.finalMessage).toBe(`stdin=Say "hi"\nand $HOME\nenv=Say "hi"\nand $HOME\ncwd=${sandbox.workspace}`);
    expect(session.events).toEqual([
      { type: 'message', role: 'user', text: 'Say "hi"\nand $HOME' },
      { type: 'message', role: 'assistant', text: session.finalMessage },
    ]);
    expect(session.engineId).toBe('command');
    expect(existsSync(session.transcriptPath!)).toBe(true);
  });

  it('runs once per turn with SKILL_EVAL_TURN and the previous answer in SKILL_EVAL_PREVIOUS', async () => {
    const session = await engine({
      command: 'echo "turn $SKILL_EVAL_TURN/$SKILL_EVAL_TURN_COUNT: $(cat) (after: $SKILL_EVAL_PREVIOUS)"',
    }).run(sandbox.input({ turns: ['one', 'two'] }));
    expect(session.status).toBe('completed');
    const texts = session.events.flatMap((e) => (e.type === 'message' ? [`${e.role}:${e.text}`] : []));
    expect(texts).toEqual([
      'user:one',
      'assistant:turn 1/2: one (after: )',
      'user:two',
      'assistant:turn 2/2: two (after: turn 1/2: one (after: ))',
    ]);
    expect(session.finalMessage).toBe('turn 2/2: two (after: turn 1/2: one (after: ))');
    expect(session.turns).toBe(2);
  });

  it('reports a non-zero exit as ENGINE_FAILED with the stderr tail, and stops there', async () => {
    const count = join(sandbox.root, 'count');
    sandbox.script(
      'fail.sh',
      `echo x >> "${count}"; echo 'partial answer'; echo 'agent: model quota exceeded' >&2; exit 3`,
    );
    const session = await engine({ command: './fail.sh' }).run(sandbox.input({ turns: ['a', 'b'] }));
    expect(session.status).toBe('error');
    expect(session.exitCode).toBe(3);
    expect(session.error?.code).toBe('ENGINE_FAILED');
    expect(session.error?.message).toContain('exited with code 3');
    expect(session.error?.message).toContain('model quota exceeded');
    expect(session.finalMessage).toBe('partial answer');
    expect(readFileSync(count, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('names the signal that killed the program', async () => {
    sandbox.script('crash.sh', 'cat > /dev/null; echo dying >&2; kill -SEGV $$');
    const session = await engine({ command: './crash.sh' }).run(sandbox.input());
    expect(session.status).toBe('error');
    expect(session.error).toMatchObject({ code: 'ENGINE_FAILED', message: 'The command was killed by SIGSEGV: dying' });
  });

  it('keeps the first 8 MiB of an answer printed as one endless line, says it was cut, and holds no more', async () => {
    // 20 MB without a newline: the whole line used to be held, then dropped as too long, leaving an empty answer.
    sandbox.script('flood.sh', `printf 'start '; head -c 20000000 /dev/zero | tr '\\0' a; echo; echo after`);
    const session = await engine({ command: './flood.sh' }).run(sandbox.input({ turns: ['go'] }));
    expect(session.status).toBe('completed');
    expect(session.finalMessage).toHaveLength(8 * 1024 * 1024);
    expect(session.finalMessage.startsWith('start aaa')).toBe(true);
    expect(session.warnings).toContainEqual({ kind: 'engine', message: 'turn 1: stdout passed 8 MiB and was cut' });
  }, 60_000);

  it('kills the whole process group at the deadline and leaves no process behind', async () => {
    const pids = join(sandbox.root, 'pids');
    sandbox.script('hang.sh', `sleep 300 & echo $! > "${pids}"; echo $$ >> "${pids}"; sleep 300`);
    const { result: session, timeoutMs } = await deadlineAfterStart(
      (limit) => engine({ command: './hang.sh' }).run(sandbox.input({ timeoutMs: limit })),
      () => readPids(pids).length === 2,
    );
    expect(session.durationMs).toBeLessThan(timeoutMs + 30_000);
    expect(session.status).toBe('timeout');
    expect(session.error?.code).toBe('TIMEOUT');
    const all = readPids(pids);
    expect(all).toHaveLength(2);
    await expect.poll(() => all.every(isGone), { timeout: 10_000 }).toBe(true);
  }, 60_000);

  it('takes the smaller of timeoutSeconds and the case timeout', async () => {
    const session = await engine({ command: 'sleep 30', timeoutSeconds: '0.5' }).run(
      sandbox.input({ timeoutMs: 20_000 }),
    );
    expect(session.status).toBe('timeout');
    // Far below both the case's 20 s and the program's 30 s, whatever the load.
    expect(session.durationMs).toBeLessThan(15_000);
  }, 60_000);

  it('stops on abort with INTERRUPTED and kills the program', async () => {
    const pids = join(sandbox.root, 'pids');
    const signal = abortWhen(() => existsSync(pids));
    const session = await engine({ command: `echo $$ > "${pids}"; sleep 300` }).run(sandbox.input({ signal }));
    expect(session.error?.code).toBe('INTERRUPTED');
    await expect.poll(() => readPids(pids).every(isGone), { timeout: 10_000 }).toBe(true);
  }, 60_000);
});

describe('contract mode: skill-up custom engine', () => {
  const resultJson = JSON.stringify({
    exit_code: 0,
    final_message: 'Wrote ahoy.txt',
    model: 'fake/agent-1',
    turns: 3,
    input_tokens: 1200,
    output_tokens: 45,
    cost_usd: 0.0125,
    transcript: [
      { role: 'user', content: 'Greet me' },
      { role: 'assistant', content: 'Using the skill.' },
      { role: 'tool_call', tool_call: { id: 't1', name: 'Skill', arguments: { skill: 'hello-skill' } } },
      { role: 'tool_result', tool_result: { call_id: 't1', status: 'success', content: 'Launching skill' } },
      { role: 'tool_call', tool_call: { id: 't2', name: 'Write', arguments: { file_path: 'ahoy.txt' } } },
      { role: 'tool_result', tool_result: { call_id: 't2', status: 'error', content: { reason: 'disk full' } } },
      { role: 'assistant', content: 'Wrote ahoy.txt' },
    ],
    artifacts: { generated_files: ['ahoy.txt'] },
    extra_key_from_a_newer_agent: true,
  });

  it('writes SessionInput, templates args, reads SessionResult from ${output_file}', async () => {
    const argsFile = join(sandbox.root, 'args');
    const inputCopy = join(sandbox.root, 'input-copy.json');
    writeFileSync(join(sandbox.root, 'result.json'), resultJson);
    sandbox.script(
      'agent',
      `printf '%s\\n' "$@" > "${argsFile}"; cp "$2" "${inputCopy}"; pwd >> "${argsFile}"
cp "${join(sandbox.root, 'result.json')}" "$4"`,
    );
    const session = await engine({
      command: './agent',
      args: [
        '--input',
        '${input_file}',
        '--output',
        '${output_file}',
        '--model=${model}',
        '--case=${case_id}/${variant}',
        '--profile=${kwargs.profile}',
        '--flag=${AGENT_FLAG:-dflt}',
        '--turns=${max_turns}',
      ],
      kwargs: { profile: 'strict' },
      model: 'fake/agent-1',
    }).run(
      sandbox.input({
        executionId: 'my-suite--greet-case--command--with_skill--r1',
        turns: ['Greet me'],
        maxTurns: 4,
        system: 'Be brief.',
        skills: [{ name: 'hello-skill', dir: join(sandbox.workspace, '.agents/skills/hello-skill') }],
      }),
    );

    expect(session.error).toBeUndefined();
    expect(session.status).toBe('completed');
    expect(session.finalMessage).toBe('Wrote ahoy.txt');
    expect(session.skillsInvoked).toEqual([{ name: 'hello-skill', via: 'tool' }]);
    expect(session.toolCalls).toEqual([
      { id: 't1', name: 'Skill', input: { skill: 'hello-skill' }, output: 'Launching skill', isError: false },
      { id: 't2', name: 'Write', input: { file_path: 'ahoy.txt' }, output: '{"reason":"disk full"}', isError: true },
    ]);
    expect(session.usage).toMatchObject({ inputTokens: 1200, outputTokens: 45 });
    expect(session.costUsd).toBe(0.0125);
    expect(session.turns).toBe(3);
    expect(session.model).toBe('fake/agent-1');
    // The echoed input message is not counted twice.
    expect(session.events.filter((e) => e.type === 'message' && e.role === 'user')).toHaveLength(1);

    const args = readFileSync(argsFile, 'utf8').trim().split('\n');
    expect(args).toEqual([
      '--input',
      join(sandbox.artifacts, FILES.input),
      '--output',
      join(sandbox.artifacts, FILES.output),
      '--model=fake/agent-1',
      '--case=greet-case/with_skill',
      '--profile=strict',
      '--flag=dflt',
      '--turns=4',
      sandbox.workspace,
    ]);
    const sent = JSON.parse(readFileSync(inputCopy, 'utf8'));
    expect(sent).toMatchObject({
      case_id: 'greet-case',
      variant: 'with_skill',
      workspace: sandbox.workspace,
      model: 'fake/agent-1',
      kwargs: { profile: 'strict' },
      max_turns: 4,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Greet me' },
      ],
      skills: [{ name: 'hello-skill' }],
    });
    expect(sent.timeout_seconds).toBeGreaterThan(0);
  });

  it('reads a SessionResult from stdout when no output file is written, with flat tool_calls', async () => {
    const json = JSON.stringify({
      exit_code: 0,
      final_message: 'ok',
      tool_calls: [{ name: 'Read', input: { file_path: '/w/.agents/skills/pdf/SKILL.md' }, output: '# pdf' }],
    });
    sandbox.script('agent', `echo '${json}'`);
    const session = await engine({ command: './agent', args: [] }).run(sandbox.input());
    expect(session.status).toBe('completed');
    expect(session.toolCalls).toMatchObject([{ name: 'Read', output: '# pdf' }]);
    expect(session.skillsInvoked).toEqual([{ name: 'pdf', via: 'file-read' }]);
    expect(session.events.at(-1)).toEqual({ type: 'message', role: 'assistant', text: 'ok' });
  });

  it("does not take a result file an earlier turn wrote for a later turn's answer", async () => {
    sandbox.script(
      'agent',
      `if [ "$SKILL_EVAL_TURN" = 1 ]; then printf '{"exit_code":0,"final_message":"answer 1"}' > "$SKILL_EVAL_OUTPUT_FILE"
else printf '{"exit_code":0,"final_message":"answer 2"}'; fi`,
    );
    const session = await engine({ command: './agent', args: [] }).run(sandbox.input({ turns: ['a', 'b'] }));
    expect(session.finalMessage).toBe('answer 2');
  });

  it('passes the whole conversation so far on each turn', async () => {
    const log = join(sandbox.root, 'inputs');
    sandbox.script(
      'agent',
      `cat "$1" >> "${log}"; echo >> "${log}"
printf '{"exit_code":0,"final_message":"answer %s"}' "$SKILL_EVAL_TURN"`,
    );
    const session = await engine({ command: './agent', args: ['${input_file}'] }).run(
      sandbox.input({ turns: ['a', 'b'] }),
    );
    expect(session.finalMessage).toBe('answer 2');
    const second = JSON.parse(
      readFileSync(log, 'utf8')
        .trim()
        .split(/\n(?=\{)/)[1]!,
    );
    expect(second.messages).toEqual([
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'answer 1' },
      { role: 'user', content: 'b' },
    ]);
  });

  it('fails on a reported exit_code, a missing exit_code, or text that is not JSON', async () => {
    const cases: [string, RegExp][] = [
      [`echo '{"exit_code":2,"final_message":"","stderr":"tool crashed"}'`, /exit_code 2: tool crashed/],
      [`echo '{"final_message":"no code"}'`, /exit_code/],
      ['echo "I am not JSON"', /not valid JSON/],
    ];
    for (const [body, message] of cases) {
      sandbox.script('agent', body);
      const session = await engine({ command: './agent', args: [] }).run(sandbox.input());
      expect(session.status).toBe('error');
      expect(session.error?.code).toBe('ENGINE_FAILED');
      expect(session.error?.message).toMatch(message);
    }
  });

  it('maps a reported max_turns status', async () => {
    sandbox.script('agent', `echo '{"exit_code":0,"final_message":"stopped","status":"max_turns"}'`);
    const session = await engine({ command: './agent', args: [] }).run(sandbox.input());
    expect(session.status).toBe('max-turns');
    expect(session.error?.code).toBe('MAX_TURNS');
  });

  it('delivers secrets through env only, and redacts them from the session and transcript', async () => {
    const argsFile = join(sandbox.root, 'args');
    sandbox.script(
      'agent',
      `printf '%s\\n' "$@" > "${argsFile}"
echo "{\\"exit_code\\":0,\\"final_message\\":\\"token is $AGENT_TOKEN\\"}"`,
    );
    process.env.SKILL_EVAL_TEST_PARENT_SECRET = 'parent-secret-value-123';
    try {
      const session = await engine({
        command: './agent',
        args: ['--ws', '${workspace}'],
        env: { AGENT_TOKEN: '${SKILL_EVAL_TEST_PARENT_SECRET}' },
      }).run(sandbox.input());
      expect(session.status).toBe('completed');
      expect(session.finalMessage).toBe('token is [REDACTED]');
      expect(readFileSync(session.transcriptPath!, 'utf8')).not.toContain('parent-secret-value-123');
      expect(readFileSync(argsFile, 'utf8')).not.toContain('parent-secret-value-123');
    } finally {
      delete process.env.SKILL_EVAL_TEST_PARENT_SECRET;
    }
  });

  it('refuses at run time an arg whose variable resolves to a credential-shaped value', async () => {
    const marker = join(sandbox.root, 'ran');
    sandbox.script('agent', `touch "${marker}"`);
    const session = await engine({ command: './agent', args: ['${SKILL_EVAL_INNOCENT}'] }).run(
      sandbox.input({ env: { PATH: process.env.PATH!, SKILL_EVAL_INNOCENT: 'sk-ant-api03-abcdefghijklmnopqrst' } }),
    );
    expect(session.error?.code).toBe('BAD_INPUT');
    expect(session.error?.message).toContain('args[0]');
    expect(existsSync(marker)).toBe(false);
  });

  it('reports a missing program as ENGINE_NOT_FOUND', async () => {
    const session = await engine({ command: './no-such-agent', args: [] }).run(sandbox.input());
    expect(session.error?.code).toBe('ENGINE_NOT_FOUND');
    const error = await engine({ command: './no-such-agent', args: [] })
      .version()
      .catch((e: unknown) => e);
    expect(isSkillEvalError(error) && error.code).toBe('ENGINE_NOT_FOUND');
  });
});

describe('trust and identity', () => {
  it('refuses an untrusted command without running it', async () => {
    const marker = join(sandbox.root, 'ran');
    const untrusted = plugin.create(plugin.parseSettings({ command: `touch "${marker}"` }));
    const session = await untrusted.run(sandbox.input());
    expect(session.status).toBe('error');
    expect(session.error?.code).toBe('BAD_INPUT');
    expect(session.error?.message).toContain('--trust');
    expect(existsSync(marker)).toBe(false);
    const error = await untrusted.version().catch((e: unknown) => e);
    expect(isSkillEvalError(error) && error.code).toBe('BAD_INPUT');
  });

  it('fingerprints the program in version(), so editing the script changes it', async () => {
    const script = sandbox.script('agent.sh', 'echo one');
    const first = await engine({ command: './agent.sh' }).version();
    writeFileSync(script, '#!/bin/sh\necho two\n');
    const second = await engine({ command: './agent.sh' }).version();
    expect(first).toMatch(/^simple-[0-9a-f]{12}$/);
    expect(second).not.toBe(first);
  });

  it('stages skills where the settings say and answers to custom and local', () => {
    expect(engine({ command: 'x' }).skillRoots).toEqual(['.agents/skills']);
    expect(engine({ command: 'x', skillRoots: '.claude/skills,.agents/skills' }).skillRoots).toEqual([
      '.claude/skills',
      '.agents/skills',
    ]);
    expect(plugin.aliases).toEqual(['custom', 'local']);
  });
});

// The artifacts folder is the program's too (in a container it is mounted inside): what the program, or a setup step
// before it, left there under the names the engine writes is replaced, never written through.
describe('the files it writes where the program can write', () => {
  it('replaces a link the program left as prompt.txt or session-input.json, and one a setup step left as the transcript', async () => {
    const outside = join(sandbox.root, 'outside.txt');
    writeFileSync(outside, 'host file\n');
    mkdirSync(sandbox.artifacts);
    symlinkSync(outside, join(sandbox.artifacts, FILES.transcript));
    sandbox.script(
      'plant.sh',
      `cat >/dev/null
if [ "$SKILL_EVAL_TURN" = 1 ]; then ln -sf "${outside}" "$SKILL_EVAL_PROMPT_FILE"; ln -sf "${outside}" "$SKILL_EVAL_INPUT_FILE"; fi
echo "turn $SKILL_EVAL_TURN"`,
    );
    const session = await engine({ command: './plant.sh' }).run(sandbox.input({ turns: ['one', 'two'] }));
    expect(session.error).toBeUndefined();
    expect(session.finalMessage).toBe('turn 2');
    expect(readFileSync(outside, 'utf8')).toBe('host file\n');
    // Turn 2 found the links of turn 1 and wrote files of its own in their place.
    for (const name of [FILES.prompt, FILES.input, FILES.transcript]) {
      expect(lstatSync(join(sandbox.artifacts, name)).isFile(), name).toBe(true);
    }
    expect(readFileSync(join(sandbox.artifacts, FILES.prompt), 'utf8')).toBe('two');
    expect(readFileSync(join(sandbox.artifacts, FILES.transcript), 'utf8').trim().split('\n')).toHaveLength(2);
  });

  it("writes its transcript into the run directory's record too, and keeps the files it handed the program as it wrote them", async () => {
    const lines: string[] = [];
    const kept = new Map<string, string>();
    const record: ExecutionRecord = {
      openLines: (name) => ({ path: join(sandbox.root, name), writeLine: (line) => lines.push(line), close: () => {} }),
      keep: (name, text) => kept.set(name, text),
    };
    // The program rewrites what it was handed, and its transcript's copy in its folder: the record has them as given.
    sandbox.script(
      'rewrite.sh',
      `cat >/dev/null
for f in "$SKILL_EVAL_PROMPT_FILE" "$SKILL_EVAL_INPUT_FILE" "$(dirname "$SKILL_EVAL_PROMPT_FILE")/${FILES.transcript}"; do echo tampered > "$f"; done
echo "turn $SKILL_EVAL_TURN"`,
    );
    const session = await engine({ command: './rewrite.sh' }).run({
      ...sandbox.input({ turns: ['one', 'two'] }),
      record,
    });
    expect(session.finalMessage).toBe('turn 2');
    expect(lines.map((line) => JSON.parse(line).stdout)).toEqual(['turn 1', 'turn 2']);
    expect(kept.get(FILES.prompt)).toBe('two');
    expect(JSON.parse(kept.get(FILES.input)!).messages.at(-1)).toEqual({ role: 'user', content: 'two' });
    // Grading scripts read the transcript where the session says it is: in the agent's folder, as before.
    expect(session.transcriptPath).toBe(join(sandbox.artifacts, FILES.transcript));
  });

  it('refuses a SessionResult that is a link to a file outside, and reads nothing of that file', async () => {
    const outside = join(sandbox.root, 'outside.json');
    writeFileSync(outside, JSON.stringify({ exit_code: 0, final_message: 'read from the host' }));
    sandbox.script('agent', `ln -s "${outside}" "$2"`);
    const session = await engine({ command: './agent', args: ['--output', '${output_file}'] }).run(sandbox.input());
    expect(session.status).toBe('error');
    expect(session.error?.message).toMatch(/SessionResult was not read: session-result\.json is a symbolic link/);
    expect(JSON.stringify(session)).not.toContain('read from the host');
  });
});
