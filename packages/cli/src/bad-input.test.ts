import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from './main.js';
import { captureIO } from './test-support/capture-io.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-cli-bad-'));
  mkdirSync(join(dir, 'skill', 'evals'), { recursive: true });
  writeFileSync(join(dir, 'skill', 'SKILL.md'), '---\nname: demo\ndescription: Demo skill.\n---\nBody\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function runOn(evalsJson: string) {
  writeFileSync(join(dir, 'skill', 'evals', 'evals.json'), evalsJson);
  const io = captureIO(dir);
  const code = await main(['run', 'skill', '--out', 'out'], io);
  return { code, err: io.err(), out: io.out() };
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
    writeFileSync(join(dir, 'skill', 'evals', 'evals.json'), '{"evals":[{"id":1,"prompt":"hi","expectations":["x"]}]}');
    const io = captureIO(dir);
    const code = await main(['run', 'skill', '--engine', 'nope', '--out', 'out'], io);
    expect(code).toBe(2);
    expect(io.err()).toContain(
      "error: Unknown engine 'nope'. Engines available: claude-code, anthropic, openai, codex, qodercli, command.",
    );
    expect(io.err()).toContain('hint: Install @skill-eval/engine-nope (or skill-eval-engine-nope)');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('refuses a missing claude binary before anything runs, with an install hint', async () => {
    writeFileSync(join(dir, 'skill', 'evals', 'evals.json'), '{"evals":[{"id":1,"prompt":"hi","expectations":["x"]}]}');
    const io = captureIO(dir);
    const code = await main(['run', 'skill', '--ek', `path=${join(dir, 'no-such-claude')}`, '--out', 'out'], io);
    expect(code).toBe(2);
    expect(io.err()).toContain('error: The claude binary was not found at');
    expect(io.err()).toMatch(/npm install -g @anthropic-ai\/claude-code/);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('rejects a malformed --ek and a bad -j as usage errors', async () => {
    writeFileSync(join(dir, 'skill', 'evals', 'evals.json'), '{"evals":[{"id":1,"prompt":"hi","expectations":["x"]}]}');
    const io = captureIO(dir);
    expect(await main(['run', 'skill', '--ek', 'novalue'], io)).toBe(2);
    expect(io.err()).toContain("--ek expects key=value, got 'novalue'.");
    expect(await main(['run', 'skill', '-j', 'zero'], io)).toBe(2);
    expect(io.err()).toContain("-j/--concurrency expects a positive number, got 'zero'.");
  });
});

describe('skill-eval run without the key an API engine or judge needs', () => {
  const writeSuite = () =>
    writeFileSync(
      join(dir, 'skill', 'evals', 'evals.json'),
      '{"evals":[{"id":1,"prompt":"hi","expected_output":"a greeting","assertions":["says hi"]}]}',
    );

  it('stops before the first execution when the judge has no key, naming the variable and another judge', async () => {
    writeSuite();
    const io = captureIO(dir, { PATH: process.env.PATH });
    const code = await main(['run', 'skill', '-e', 'command', '--ek', 'command=cat', '--out', 'out'], io);
    expect(code).toBe(2);
    expect(io.err()).toContain(
      'error: The judge anthropic cannot run here. No Anthropic API key: the environment variable ANTHROPIC_API_KEY is not set.',
    );
    expect(io.err()).toContain('hint: Or grade with another judge: --judge claude-code');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('stops before the first execution when the engine has no key', async () => {
    writeSuite();
    const io = captureIO(dir, { PATH: process.env.PATH });
    const code = await main(
      ['run', 'skill', '-e', 'openai', '--judge', 'command', '--ek', 'command.command=cat', '--out', 'out'],
      io,
    );
    expect(code).toBe(2);
    expect(io.err()).toContain('error: The engine openai cannot run here.');
    expect(io.err()).toContain('OPENAI_API_KEY');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});
