import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { useDemoSkillFolder } from '../test-support/demo-skill-folder.js';

let dir = '';
useDemoSkillFolder('skill-eval-cli-environment-', (made) => {
  dir = made;
});

/** A skill-up suite of two cases whose eval.yaml declares `environment` (the lines of its block). */
function skillUpSuite(...environment: string[]) {
  const evals = join(dir, 'skill', 'evals');
  mkdirSync(join(evals, 'cases'), { recursive: true });
  const suite = ['schema_version: v1alpha1', 'environment:', ...environment.map((l) => `  ${l}`)];
  suite.push('cases:', '  files: [evals/cases/a.yaml, evals/cases/b.yaml]');
  writeFileSync(join(evals, 'eval.yaml'), `${suite.join('\n')}\n`);
  for (const id of ['a', 'b']) {
    const rule = 'judge:\n  type: rule_based\n  success:\n    - output_contains: {any: [hi]}\n';
    writeFileSync(join(evals, 'cases', `${id}.yaml`), `id: ${id}\ninput: {prompt: Say hi}\n${rule}`);
  }
}

async function cli(...args: string[]) {
  const io = captureIO(dir, { OPENSANDBOX_API_KEY: 'osb-test-key' });
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err() };
}

const ON_COMMAND = ['-e', 'command', '--ek', 'command=true', '-o', 'out', '--no-cache'];

describe("an eval file's environment that needs --trust", () => {
  const server = ['type: opensandbox', 'image: img', 'kwargs: {base_url: "http://127.0.0.1:9/osb"}'];
  const refusal =
    'skill/evals/eval.yaml:5:22: environment.baseUrl sends the sandbox key, the model key and the workspace to that server';

  it('is refused by run at the line and column of its field, once for the cases that share it', async () => {
    skillUpSuite(...server);
    const { code, err } = await cli('run', 'skill', ...ON_COMMAND);
    expect(code).toBe(2);
    expect(err).toContain(refusal);
    expect(err.split(refusal)).toHaveLength(2);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('is refused by validate in the same words and with the same status, instead of calling the suite valid', async () => {
    skillUpSuite(...server);
    const run = await cli('run', 'skill', ...ON_COMMAND);
    const validated = await cli('validate', 'skill');
    expect(validated.code).toBe(run.code);
    const said = (text: string) =>
      text.split('\n').filter((line) => line.startsWith('error: ') || line.startsWith('  '));
    expect(said(validated.err)).toEqual(said(run.err));
    expect(validated.err).toContain('An eval file chooses where its cases run');
    expect(validated.out).not.toContain('0 error(s)');
  });

  it('points at each field: the sandbox’s allowed hosts at allowed_egress', async () => {
    skillUpSuite('type: opensandbox', 'image: img', 'allowed_egress: [evil.example]');
    const { code, err } = await cli('validate', 'skill');
    expect(code).toBe(2);
    expect(err).toContain('skill/evals/eval.yaml:5:19: environment.allowedEgress lets the sandbox reach those hosts');
  });

  it('passes validate with --trust, as run --trust would let it run', async () => {
    skillUpSuite(...server);
    const { code, out } = await cli('validate', 'skill', '--trust');
    expect(out).toContain('1 suite(s), 2 case(s): 0 error(s)');
    expect(code).toBe(0);
  });

  it('is not checked when the config chooses where every case runs, as run ignores the eval file’s then', async () => {
    skillUpSuite(...server);
    writeFileSync(join(dir, 'skill-eval.config.json'), '{"environment": "none"}\n');
    const { code, out, err } = await cli('validate', 'skill');
    expect(err).not.toContain('environment.baseUrl');
    expect(out).toContain('0 error(s)');
    expect(code).toBe(0);
  });
});
