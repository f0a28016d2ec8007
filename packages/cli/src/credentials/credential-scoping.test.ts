import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { writeFiles } from '../test-support/write-files.js';

// Real runs whose agent prints the environment it was handed: only its own engine's credential may be there, never
// another provider's key, a second credential of its own provider, or the password inside the user's proxy URL —
// and none of them may be written anywhere in the run directory.

const KEYS = {
  ANTHROPIC_API_KEY: 'sk-ant-scoping-canary-0001',
  ANTHROPIC_AUTH_TOKEN: 'auth-token-scoping-canary-0002',
  OPENAI_API_KEY: 'sk-openai-scoping-canary-0003',
};
const PROXY_PASSWORD = 'proxy-pass-scoping-0004';
const ENV = {
  PATH: process.env.PATH,
  ...KEYS,
  HTTPS_PROXY: `http://me:${PROXY_PASSWORD}@127.0.0.1:9`,
  NO_PROXY: '*',
};

const SUITE = {
  'skill/SKILL.md': '---\nname: demo\ndescription: Says hi when asked.\n---\nSay hi.\n',
  'skill/evals/eval.yaml':
    'schema_version: v1alpha1\nenvironment: {type: none}\ncases:\n  files: [evals/cases/a.yaml]\n',
  'skill/evals/cases/a.yaml':
    'id: a\ninput: {prompt: "Say hi."}\njudge:\n  type: rule_based\n  success:\n    - output_contains: {any: [PATH]}\n',
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-credential-scoping-'));
  writeFiles(dir, SUITE);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const script = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  chmodSync(join(dir, name), 0o755);
};

/** Every file of the run directory, as text. */
const written = (runDir: string) =>
  readdirSync(runDir, { recursive: true, encoding: 'utf8' })
    .filter((path) => statSync(join(runDir, path)).isFile())
    .map((path) => readFileSync(join(runDir, path), 'utf8'))
    .join('\n');

const expectNothingLeaked = (text: string) => {
  for (const value of [...Object.values(KEYS), PROXY_PASSWORD]) expect(text).not.toContain(value);
};

describe('an agent gets only its own credential', () => {
  it('the command engine gets no model key it was not given, and the proxy without its password', async () => {
    // Its answer is its environment, so the results and the transcript show exactly what it got.
    script('agent.sh', '#!/bin/sh\ncat >/dev/null\nenv | sort\n');
    const io = captureIO(dir, ENV);
    const code = await main(
      ['run', 'skill', '-e', 'command', '--ek', `command=${join(dir, 'agent.sh')}`, '-o', 'out', '-q'],
      io,
    );
    expect(code, io.err()).toBe(0);
    const run = written(join(dir, 'out'));
    expect(run).toContain('HTTPS_PROXY=http://127.0.0.1:9');
    for (const name of Object.keys(KEYS)) expect(run).not.toContain(`${name}=`);
    expectNothingLeaked(`${run}${io.out()}`);
  }, 60_000);

  it('claude-code gets one Anthropic credential, never the OpenAI key or the proxy password', async () => {
    const seen = join(dir, 'claude-env.txt');
    script(
      'fake-claude.sh',
      `#!/bin/sh\nif [ "$1" = "--version" ]; then echo "2.1.330 (Claude Code)"; exit 0; fi\nenv | sort > ${seen}\ncat >/dev/null\nexit 1\n`,
    );
    const io = captureIO(dir, ENV);
    const args = [
      'run',
      'skill',
      '-e',
      'claude-code',
      '--ek',
      `claude-code.path=${join(dir, 'fake-claude.sh')}`,
      '-o',
      'out',
      '-q',
    ];
    const code = await main(args, io);
    const env = readFileSync(seen, { encoding: 'utf8', flag: 'a+' });
    expect(env, `exit ${code}\n${io.out()}${io.err()}`).not.toBe('');
    // claude's own order takes the auth token over the API key: it gets that one alone.
    expect(env).toContain(`ANTHROPIC_AUTH_TOKEN=${KEYS.ANTHROPIC_AUTH_TOKEN}`);
    expect(env).not.toContain('ANTHROPIC_API_KEY=');
    expect(env).not.toContain('OPENAI_API_KEY=');
    expect(env).toContain('HTTPS_PROXY=http://127.0.0.1:9');
    expect(env).not.toContain(PROXY_PASSWORD);
    expectNothingLeaked(`${written(join(dir, 'out'))}${io.out()}${io.err()}`);
  }, 60_000);

  it('redacts the password of a proxy URL wherever it would be written', async () => {
    script('agent.sh', `#!/bin/sh\ncat >/dev/null\necho "PATH via http://me:${PROXY_PASSWORD}@127.0.0.1:9"\n`);
    const io = captureIO(dir, ENV);
    await main(['run', 'skill', '-e', 'command', '--ek', `command=${join(dir, 'agent.sh')}`, '-o', 'out', '-q'], io);
    const run = written(join(dir, 'out'));
    const result = readFileSync(join(dir, 'out', 'results.jsonl'), 'utf8');
    expect(run, result).toContain('http://me:[REDACTED]@127.0.0.1:9');
    expectNothingLeaked(`${run}${io.out()}${io.err()}`);
  }, 60_000);
});
