// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references are the data under test.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { readResults } from '../test-support/run-output.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-cli-custom-'));
  const skill = join(dir, 'skill');
  mkdirSync(join(skill, 'evals', 'cases'), { recursive: true });
  writeFileSync(join(skill, 'SKILL.md'), '---\nname: demo\ndescription: Demo skill.\n---\nBody\n');
  // skill-up's custom engine contract: read the SessionInput, write a SessionResult to the output file.
  writeFileSync(
    join(skill, 'agent.sh'),
    `#!/bin/sh
prompt=$(sed -n 's/.*"content": *"\\([^"]*\\)".*/\\1/p' "$1" | tail -n 1)
printf '{"exit_code":0,"final_message":"agent ran in %s: %s"}' "$(basename "$PWD")" "$prompt" > "$2"
echo "$$" > "${join(dir, 'ran')}"
`,
  );
  chmodSync(join(skill, 'agent.sh'), 0o755);
  writeFileSync(
    join(skill, 'evals', 'eval.yaml'),
    [
      'schema_version: v1alpha1',
      'environment: {type: none}',
      'engine:',
      '  name: my-agent',
      '  custom:',
      '    transport: local',
      '    response_format: session_result',
      '    local: {command: ./agent.sh, args: ["${input_file}", "${output_file}"]}',
      'cases:',
      '  files: [evals/cases/greet.yaml]',
    ].join('\n'),
  );
  writeFileSync(
    join(skill, 'evals', 'cases', 'greet.yaml'),
    'id: greet\ninput: {prompt: say-hello}\njudge: {type: rule_based, success: [{output_matches: {all: ["ran in .+: say-hello$"]}}]}\n',
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function run(...extra: string[]) {
  const io = captureIO(dir);
  const code = await main(['run', 'skill', '--out', 'out', ...extra], io);
  return { code, err: io.err(), out: io.out() };
}

describe('skill-eval run on a skill-up suite with a custom engine', () => {
  it('without --trust: exits 2 naming the command at its line, runs nothing, writes nothing', async () => {
    const { code, err } = await run();
    expect(code).toBe(2);
    expect(err).toContain(
      'error: skill/evals/eval.yaml:8:22: declares a custom engine (./agent.sh); it runs only with --trust.',
    );
    expect(existsSync(join(dir, 'out'))).toBe(false);
    expect(existsSync(join(dir, 'ran'))).toBe(false);
  });

  it('with --trust: runs the declared command on the command engine and grades its answer', async () => {
    const { code, err } = await run('--trust');
    expect(err).toContain('runs only with --trust'); // the format's info
    expect(code).toBe(0);
    expect(existsSync(join(dir, 'ran'))).toBe(true);
    const results = readResults(join(dir, 'out'));
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ engine: 'command', status: 'passed' });
    expect(results[0]?.session?.finalMessage).toMatch(/^agent ran in .+: say-hello$/);
  }, 60_000);

  it('with --engine the user choice wins and the declared command is not run', async () => {
    const { code, err } = await run('--engine', 'command', '--ek', 'command=echo user-choice');
    expect(err).not.toContain('declares a custom engine');
    expect(code).toBe(1); // the rule wants the declared agent's answer
    expect(existsSync(join(dir, 'ran'))).toBe(false);
    const [result] = readResults(join(dir, 'out'));
    expect(result?.session?.finalMessage).toBe('user-choice');
  }, 60_000);
});
