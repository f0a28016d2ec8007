import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeModelServer } from '@skill-eval/testing';
import { describe, expect, it } from 'vitest';
import { main } from './main.js';
import { captureIO } from './test-support/capture-io.js';
import { writeCommandAgentSkill } from './test-support/command-agent-skill.js';
import { writeDemoEvals } from './test-support/demo-skill.js';
import { useDemoSkillFolder } from './test-support/demo-skill-folder.js';
import { CLAUDE_BIN } from './test-support/paths.js';
import { readResults } from './test-support/run-output.js';

let dir = '';
useDemoSkillFolder('skill-eval-cli-bad-', (made) => {
  dir = made;
});

async function runOn(evalsJson: string) {
  writeDemoEvals(dir, evalsJson);
  const io = captureIO(dir);
  const code = await main(['run', 'skill', '--out', 'out'], io);
  return { code, err: io.err(), out: io.out() };
}

/** Runs `args` on the demo skill; it must be refused with exit 2 before writing anything. Returns stderr. */
async function refusedRun(args: string[], env: Record<string, string | undefined> = {}): Promise<string> {
  const io = captureIO(dir, env);
  const code = await main(['run', 'skill', ...args, '--out', 'out'], io);
  expect(code, io.err()).toBe(2);
  expect(existsSync(join(dir, 'out'))).toBe(false);
  return io.err();
}

describe('skill-eval run on bad input', () => {
  it.each([
    {
      what: 'broken JSON',
      text: '{\n  "skill_name": "demo",\n  "evals": [\n    { "id": 1, "prompt": "hi" \n  ]\n}\n',
      position: 'skill/evals/evals.json:5:3: error:',
    },
    {
      what: 'a missing prompt',
      text: '{\n  "skill_name": "demo",\n  "evals": [\n    { "id": 1, "expectations": ["says hi"] }\n  ]\n}\n',
      position: 'skill/evals/evals.json:4:5: error:',
    },
    {
      what: 'a duplicate id',
      text: '{\n  "evals": [\n    { "id": 1, "prompt": "a", "expectations": ["x"] },\n    { "id": "1", "prompt": "b", "expectations": ["y"] }\n  ]\n}\n',
      position: 'skill/evals/evals.json:4:13: error:',
    },
  ])('$what exits 2 with file:line:column and writes nothing', async ({ text, position }) => {
    const { code, err } = await runOn(text);
    expect(code).toBe(2);
    expect(err).toContain(position);
    expect(err).toContain('No run was started: fix the errors above (nothing was written).');
    expect(err).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('says what to do in each message', async () => {
    const { err } = await runOn('{\n  "evals": [\n    { "id": 1 }\n  ]\n}\n');
    expect(err).toMatch(/evals\.json:3:5: error: .*[Aa]dd a "prompt"/);
  });

  it('refuses an unknown engine, naming the ones that exist and the package to install', async () => {
    writeDemoEvals(dir);
    const err = await refusedRun(['--engine', 'nope']);
    expect(err).toContain(
      "error: Unknown engine 'nope'. Engines available: claude-code, anthropic, openai, codex, qodercli, gemini-cli, opencode, copilot, command.",
    );
    expect(err).toContain('hint: Install @skill-eval/engine-nope (or skill-eval-engine-nope)');
  });

  it('suggests the engine a typo meant, for --engine and --judge alike', async () => {
    writeDemoEvals(dir);
    const typo = await refusedRun(['--engine', 'claude-cod']);
    expect(typo).toContain(
      "Engines available: claude-code, anthropic, openai, codex, qodercli, gemini-cli, opencode, copilot, command. Did you mean 'claude-code'?",
    );
    // Not a package of the misspelt name to install.
    expect(typo).toContain("hint: Fix the spelling of the engine's id");
    expect(typo).not.toContain('engine-claude-cod');
    const judge = await refusedRun(['--judge', 'antropic']);
    expect(judge).toMatch(/Unknown engine 'antropic'\. Engines available: .*\. Did you mean 'anthropic'\?/);
  });

  it('refuses an engine module that exports no plugin, naming it, not as an unknown package', async () => {
    writeDemoEvals(dir);
    writeFileSync(join(dir, 'my-engine.mjs'), 'export const engine = {};\n');
    const err = await refusedRun(['--engine', './my-engine.mjs']);
    expect(err).toContain(
      "error: Engine plugin './my-engine.mjs' exports no plugin: the module has no default export.",
    );
    expect(err).toContain('hint: Default-export the plugin, or fix it, or name another engine in --engine.');
    expect(err).not.toContain('Install @skill-eval/engine-');
  });

  it('refuses a missing claude binary before anything runs, with an install hint', async () => {
    writeDemoEvals(dir);
    const err = await refusedRun(['--ek', `path=${join(dir, 'no-such-claude')}`]);
    expect(err).toContain('error: The claude binary was not found at');
    expect(err).toMatch(/npm install -g @anthropic-ai\/claude-code/);
  });

  it('rejects a malformed --ek and a bad -j as usage errors', async () => {
    writeDemoEvals(dir);
    const io = captureIO(dir);
    expect(await main(['run', 'skill', '--ek', 'novalue'], io)).toBe(2);
    expect(io.err()).toContain("--ek expects key=value, got 'novalue'.");
    expect(await main(['run', 'skill', '-j', 'zero'], io)).toBe(2);
    expect(io.err()).toContain("-j/--concurrency expects a whole number from 1 up, got 'zero'.");
  });

  it('refuses a --timeout longer than a timer can wait, naming the longest accepted; that one runs', async () => {
    mkdirSync(join(dir, 'skill', 'evals', 'set'));
    writeFileSync(
      join(dir, 'skill', 'evals', 'set', 'hi.yaml'),
      'timestamp: "2024-01-01"\nname: hi\nprompt: "say hi"\nexpected: hi\nassertions:\n  - type: contains\n    value: hi\n',
    );
    const engine = ['-e', 'command', '--ek', 'command=echo hi', '--runs', '1'];
    for (const timeout of ['2147474', '1e9']) {
      const err = await refusedRun([...engine, '--timeout', timeout]);
      expect(err).toContain(`error: --timeout accepts at most 2147473 seconds (about 24 days), got '${timeout}'.`);
    }
    const io = captureIO(dir, { PATH: process.env.PATH });
    expect(await main(['run', 'skill', ...engine, '--timeout', '2147473', '--out', 'out'], io), io.err()).toBe(0);
    expect(readResults(join(dir, 'out'))).toMatchObject([{ status: 'passed' }]);
  });

  it('refuses a fractional -j before writing anything', async () => {
    writeDemoEvals(dir);
    const err = await refusedRun(['-e', 'command', '--ek', 'command=cat', '-j', '1.5']);
    expect(err).toContain("error: -j/--concurrency expects a whole number from 1 up, got '1.5'.");
  });

  it('refuses a config plugin that is not there, naming the config and the plugin, before writing anything', async () => {
    writeDemoEvals(dir);
    writeFileSync(join(dir, 'with-plugin.json'), '{"plugins": ["./nothere.js"]}');
    const err = await refusedRun(['-e', 'command', '--ek', 'command=cat', '-c', 'with-plugin.json']);
    expect(err).toContain(`error: Plugin './nothere.js' in ${join(dir, 'with-plugin.json')} was not found:`);
    expect(err).toContain('hint: Paths are taken from the working directory');
  });

  it.each([
    ['format', "contract: 'format-v1', id: 'broken'", 'create() {'],
    ['engine', "contract: 'engine-v1', id: 'broken'", 'create() {'],
    ['engine', "contract: 'engine-v1', id: 'broken'", 'parseSettings() {'],
  ])('names a %s plugin whose own code throws, as its fault, not a bug of skill-eval', async (kind, head, step) => {
    writeDemoEvals(dir);
    const members = { 'create() {': 'parseSettings: (raw) => raw', 'parseSettings() {': 'create: () => ({})' }[step];
    writeFileSync(
      join(dir, 'broken.mjs'),
      `export default { ${head}, description: 'd', ${members}, ${step} throw new TypeError('x is undefined'); } };\n`,
    );
    writeFileSync(join(dir, 'with-plugin.json'), '{"plugins": ["./broken.mjs"]}');
    const engine = kind === 'engine' ? ['-e', 'broken'] : ['-e', 'command', '--ek', 'command=cat'];
    const err = await refusedRun([...engine, '-c', 'with-plugin.json']);
    const call = step.replace(' {', '');
    expect(err).toContain(`error: The ${kind} plugin 'broken' failed in ${call}: x is undefined`);
    expect(err).toContain('hint: This is a fault of the plugin, not of your eval files');
    expect(err).not.toContain('This is a bug in skill-eval');
  });

  it('gives an engine the config settings written under its alias (custom for command)', async () => {
    writeCommandAgentSkill(dir);
    writeFileSync(join(dir, 'aliased.json'), '{"engineSettings": {"custom": {"command": "echo hello from-config"}}}');
    const io = captureIO(dir);
    const args = ['run', 'skill', '-e', 'command', '-c', 'aliased.json', '--trust', '--runs', '1', '--out', 'out'];
    expect(await main(args, io), io.err()).toBe(0);
    expect(readResults(join(dir, 'out')).map((r) => r.session?.finalMessage)).toEqual(['hello from-config']);
  }, 30_000);

  it('refuses a command from a config found in the project without --trust, at its line', async () => {
    writeCommandAgentSkill(dir);
    writeFileSync(
      join(dir, 'skill-eval.config.json'),
      '{\n  "engineSettings": {"command": {"command": "echo hello"}}\n}',
    );
    const err = await refusedRun(['-e', 'command']);
    expect(err).toContain('skill-eval.config.json:2:34: engineSettings.command.command names the program to run');
    expect(err).toContain('pass --trust (or name it yourself with -c skill-eval.config.json, which trusts it)');
  });

  it('refuses a folder holding no eval file, saying where it looked and how eval files are found', async () => {
    mkdirSync(join(dir, 'nothing'));
    const io = captureIO(dir);
    const code = await main(['run', 'nothing', '-e', 'command', '--ek', 'command=cat', '--out', 'out'], io);
    expect(code).toBe(2);
    expect(io.err()).toMatch(
      /nothing: error: Found no eval cases \(looked under: nothing\)\. Eval files are found by name \(evals\.json, .*`skill-eval list` shows what would run\. \(discovery\/no-cases\)/,
    );
    expect(io.err()).toContain('No run was started');
    expect(existsSync(join(dir, 'out'))).toBe(false);
    // validate says the same, from the same load: it refuses what run refuses.
    const checked = captureIO(dir);
    expect(await main(['validate', 'nothing'], checked)).toBe(2);
    expect(checked.out()).toContain('nothing: error: Found no eval cases (looked under: nothing).');
  });

  it('refuses a folder given as the config', async () => {
    writeDemoEvals(dir);
    const err = await refusedRun(['-e', 'command', '--ek', 'command=cat', '-c', 'skill']);
    expect(err).toContain(`error: The config ${join(dir, 'skill')} is a folder, not a file.`);
  });

  it('refuses a config timeout longer than a timer can wait, at its line', async () => {
    writeDemoEvals(dir);
    writeFileSync(join(dir, 'skill-eval.config.json'), '{\n  "timeout": 3000000\n}\n');
    const err = await refusedRun([]);
    expect(err).toContain('2:14: timeout: at most 2147473 seconds (about 24 days)');
  });
});

describe('skill-eval run without the key an API engine or judge needs', () => {
  const needsJudge = '{"evals":[{"id":1,"prompt":"hi","expected_output":"a greeting","assertions":["says hi"]}]}';
  const env = { PATH: process.env.PATH };

  it('stops before the first execution when the judge has no key, naming the variable and another judge', async () => {
    writeDemoEvals(dir, needsJudge);
    const err = await refusedRun(['-e', 'command', '--ek', 'command=cat'], env);
    expect(err).toContain(
      'error: The judge anthropic cannot run here. No Anthropic API key: the environment variable ANTHROPIC_API_KEY is not set.',
    );
    expect(err).toContain('hint: Or grade with another judge (--judge openai');
  });

  it('stops before the first execution when the judge program is missing, though it offers completions', async () => {
    writeDemoEvals(dir, needsJudge);
    const missing = join(dir, 'no-such-claude');
    const err = await refusedRun(
      ['-e', 'command', '--ek', 'command.command=cat', '--judge', 'claude-code', '--ek', `claude-code.path=${missing}`],
      { ...env, ANTHROPIC_API_KEY: 'test-key' },
    );
    expect(err).toContain(
      `error: The judge claude-code cannot run here. The claude binary was not found at ${missing}`,
    );
    // Unscoped settings go to the run's engines, never to the judge.
    expect(err).toContain('--ek claude-code.path=/path/to/claude');
  });

  it('names settings scoped to the judge, and other judges than the one that cannot run', async () => {
    writeDemoEvals(dir, needsJudge);
    const err = await refusedRun(['-e', 'command', '--ek', 'command=cat', '--judge', 'openai'], env);
    expect(err).toContain('error: The judge openai cannot run here.');
    expect(err).toContain('--ek openai.apiKeyEnv=');
    expect(err).not.toMatch(/--ek apiKeyEnv=|--judge openai\b/);
  });

  it('says a judge lacking a setting is the judge, and names the setting scoped to it', async () => {
    writeDemoEvals(dir, needsJudge);
    const err = await refusedRun(['-e', 'command', '--ek', 'command=cat', '--judge', 'command'], env);
    expect(err).toContain(
      'error: The judge command cannot run here. Invalid settings for command: command: is required',
    );
    expect(err).toContain('--ek command.command=./my-agent.sh');
    expect(err).not.toMatch(/--ek command=/);
  });

  it('lets a re-run the cache answers go on without the key; a changed case still needs it', async () => {
    const verdict = '{"criteria":[{"id":1,"passed":true,"evidence":"hi","reasoning":"It says hi."}]}';
    const server = await startFakeModelServer({ conversations: [], fallback: { text: verdict } });
    try {
      writeDemoEvals(dir, needsJudge);
      const args = (out: string) => ['run', 'skill', '-e', 'command', '--ek', 'command=cat', '--out', out];
      const keyed = captureIO(dir, { ...env, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url });
      expect(await main(args('first'), keyed), keyed.err()).toBe(0);
      expect(server.requests).toHaveLength(1); // the judge, reached through the run's environment

      const unkeyed = captureIO(dir, env);
      expect(await main(args('again'), unkeyed), unkeyed.err()).toBe(0);
      expect(readResults(join(dir, 'again'))).toMatchObject([{ status: 'passed', cached: true }]);
      expect(server.requests).toHaveLength(1);

      writeDemoEvals(dir, needsJudge.replace('"hi"', '"hello"'));
      const err = await refusedRun(args('out').slice(2, -2), env);
      expect(err).toContain('error: The judge anthropic cannot run here.');
      expect(err).toContain('1 execution(s) of this run need the judge; results reused from the cache would not.');
    } finally {
      await server.close();
    }
  });

  it('stops before the first execution when claude-code has no key: its fresh HOME holds no login', async () => {
    writeDemoEvals(dir, needsJudge);
    const err = await refusedRun(
      ['--judge', 'command', '--ek', 'command.command=cat', '--ek', `claude-code.path=${CLAUDE_BIN}`],
      env,
    );
    expect(err).toContain(
      'error: The engine claude-code cannot run here. claude-code needs a credential in the environment: ANTHROPIC_API_KEY',
    );
  });

  it('hands an API engine the key in the variable its apiKeyEnv names', async () => {
    const server = await startFakeModelServer({ conversations: [], fallback: { text: 'hi there' } });
    try {
      writeDemoEvals(dir, '{"evals":[{"id":1,"prompt":"hi","assertions":["says hi"]}]}');
      const io = captureIO(dir, { ...env, MY_ALT_KEY: 'alt-key', ANTHROPIC_BASE_URL: server.url });
      const args = ['run', 'skill', '-e', 'anthropic', '--judge', 'command', '--ek', 'anthropic.apiKeyEnv=MY_ALT_KEY'];
      const verdict = '{"criteria":[{"id":1,"passed":true,"evidence":"hi there","reasoning":"It greets."}]}';
      args.push('--ek', `command.command=echo '${verdict}'`, '--out', 'out');
      expect(await main(args, io), io.err()).toBe(0);
      expect(server.requests.length).toBeGreaterThan(0);
      expect(JSON.stringify(server.requests[0]!.headers)).toContain('alt-key');
    } finally {
      await server.close();
    }
  });

  it('stops before the first execution when the engine has no key', async () => {
    writeDemoEvals(dir, needsJudge);
    const err = await refusedRun(['-e', 'openai', '--judge', 'command', '--ek', 'command.command=cat'], env);
    expect(err).toContain('error: The engine openai cannot run here.');
    expect(err).toContain('OPENAI_API_KEY');
  });
});

describe('skill-eval engines', () => {
  it('reports an engine that lacks its key as not ready, naming the variable', async () => {
    const io = captureIO(dir, { PATH: process.env.PATH });
    expect(await main(['engines', '--json'], io)).toBe(0);
    const { engines } = JSON.parse(io.out()) as { engines: { id: string; problem: string | null }[] };
    expect(engines.find((e) => e.id === 'anthropic')?.problem).toContain('ANTHROPIC_API_KEY');
    // A program not on PATH comes with the install hint run gives, in the JSON and in the listing.
    expect(engines.find((e) => e.id === 'qodercli')).toMatchObject({
      problem: expect.stringContaining('qodercli binary was not found'),
      hint: expect.stringContaining('npm install -g @qoder-ai/qodercli'),
    });
    const listing = captureIO(dir, { PATH: process.env.PATH });
    expect(await main(['engines'], listing)).toBe(0);
    expect(listing.out()).toMatch(
      /qodercli .*not ready The qodercli binary was not found.*\n +Install it with `npm install -g @qoder-ai\/qodercli`/,
    );
    const keyed = captureIO(dir, { PATH: process.env.PATH, ANTHROPIC_API_KEY: 'k' });
    expect(await main(['engines', '--json'], keyed)).toBe(0);
    expect(JSON.parse(keyed.out()).engines.find((e: { id: string }) => e.id === 'anthropic').problem).toBeNull();
  });
  it("lists the engines of the config's plugins, with their settings from the config", async () => {
    writeFileSync(
      join(dir, 'my-engine.mjs'),
      [
        "export default { contract: 'engine-v1', id: 'mine', aliases: ['my'], description: 'd',",
        '  parseSettings: (raw) => raw,',
        "  create: (settings) => ({ version: async () => settings.version ?? 'unset' }) };",
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'skill-eval.config.json'),
      JSON.stringify({ plugins: ['./my-engine.mjs'], engineSettings: { mine: { version: '4.2' } } }),
    );
    const io = captureIO(dir, { PATH: process.env.PATH });
    // A config found in the project loads its plugins only with --trust.
    expect(await main(['engines', '--json', '--trust'], io), io.err()).toBe(0);
    const { engines } = JSON.parse(io.out()) as { engines: { id: string }[] };
    expect(engines.find((e) => e.id === 'mine')).toMatchObject({
      id: 'mine',
      aliases: ['my'],
      package: './my-engine.mjs',
      version: '4.2',
      problem: null,
    });
  });
});
