// The GitHub Action (action.yml) exercised step by step: each step's `run` script runs in bash as a runner runs it
// (`bash -eo pipefail`), with its `env` expressions filled from the inputs, the event and the earlier steps' outputs,
// against the real CLI of this checkout and the fake model server.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FakeModelServer, startFakeModelServer } from '../packages/model-server/src/index.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const repo = fileURLToPath(new URL('..', import.meta.url));
const cli = join(repo, 'packages', 'cli', 'bin', 'skill-eval.js');

interface Step {
  id?: string;
  if?: string;
  run?: string;
  env?: Record<string, string>;
  uses?: string;
}
const action = parse(readFileSync(join(repo, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  runs: { steps: Step[] };
};

/** A skill whose one case (skill-up, graded without a judge) passes when the answer says "Ahoy". */
const SKILL = {
  'greeter/SKILL.md': '---\nname: greeter\ndescription: Greets like a pirate.\n---\nAlways open with "Ahoy".\n',
  'greeter/evals/eval.yaml': 'schema_version: v1alpha1\nenvironment:\n  type: none\nengine:\n  name: claude_code\ncases:\n  files:\n    - evals/cases/ahoy.yaml\n',
  'greeter/evals/cases/ahoy.yaml': 'id: ahoy\ninput:\n  prompt: Greet the crew\nexpect:\n  must_contain: ["Ahoy"]\n',
};

describe('action.yml, step by step', { timeout: 60_000 }, () => {
  let server: FakeModelServer;
  let dir: string;
  let outputs: Record<string, Record<string, string>>;

  beforeAll(async () => {
    server = await startFakeModelServer({ fallback: { text: 'Ahoy, crew!' } });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-action-'));
    outputs = {};
    for (const [path, text] of Object.entries(SKILL)) {
      mkdirSync(dirname(join(dir, 'work', path)), { recursive: true });
      writeFileSync(join(dir, 'work', path), text);
    }
    mkdirSync(join(dir, 'temp'));
    return () => rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the step with id `id` (or the n-th step), filling `${{ … }}` from the context; returns its outputs and log. */
  async function runStep(
    which: string | number,
    context: { inputs?: Record<string, string>; github?: Record<string, unknown>; env?: Record<string, string> },
  ) {
    const step = typeof which === 'number' ? action.runs.steps[which]! : action.runs.steps.find((s) => s.id === which)!;
    const inputs = {
      ...Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, v.default ?? ''])),
      'github-token': 'ghs_test',
      ...context.inputs,
    };
    const lookup = (path: string): string => {
      const [root, ...rest] = path.split('.');
      const from: Record<string, unknown> = {
        inputs,
        steps: Object.fromEntries(Object.entries(outputs).map(([id, o]) => [id, { outputs: o }])),
        github: { repository: 'owner/skills', job: 'evals', server_url: 'https://github.example', run_id: '9', ...context.github },
        runner: { temp: join(dir, 'temp'), os: 'Linux' },
      };
      let value: unknown = from[root!];
      for (const key of rest) value = (value as Record<string, unknown> | undefined)?.[key];
      return value === undefined || value === null ? '' : String(value);
    };
    const fill = (text: string) => text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, path: string) => lookup(path));
    const output = join(dir, 'temp', `output-${step.id ?? which}`);
    const summary = join(dir, 'temp', 'summary.md');
    writeFileSync(output, '');
    // Not spawnSync: the fake model server answers from this process's event loop.
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run!], {
      cwd: join(dir, 'work'),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: join(dir, 'temp'),
        ANTHROPIC_BASE_URL: server.url,
        GITHUB_OUTPUT: output,
        GITHUB_STEP_SUMMARY: summary,
        GITHUB_REPOSITORY: 'owner/skills',
        GITHUB_ACTION_PATH: repo,
        RUNNER_TEMP: join(dir, 'temp'),
        // The `env` of the workflow step that uses the action, which its steps inherit.
        ...context.env,
        ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, fill(v)])),
      },
    });
    let log = '';
    child.stdout.on('data', (chunk) => (log += chunk));
    child.stderr.on('data', (chunk) => (log += chunk));
    const code = await new Promise<number | null>((done) => child.on('close', done));
    const written = Object.fromEntries(
      readFileSync(output, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    if (step.id) outputs[step.id] = written;
    return { code, outputs: written, log, summary: existsSync(summary) ? readFileSync(summary, 'utf8') : '' };
  }

  const fork = { event: { pull_request: { head: { repo: { full_name: 'someone/skills' } } } } };

  it('skips a fork’s pull request without secrets with a notice, and runs one that replays or brings a key', async () => {
    const skipped = await runStep('keys', { github: fork });
    expect(skipped.outputs.skipped).toBe('true');
    expect(skipped.log).toMatch(/::notice title=skill-eval skipped::This pull request comes from a fork \(someone\/skills\)/);
    expect(skipped.summary).toContain('gets no secrets');
    expect((await runStep('keys', { github: fork, inputs: { replay: 'runs/recorded' } })).outputs.skipped).toBe('false');
    const own = { event: { pull_request: { head: { repo: { full_name: 'owner/skills' } } } } };
    expect((await runStep('keys', { github: own })).outputs.skipped).toBe('false');
  });

  it('installs the version of its own release unless told another, or uses the command it is given', async () => {
    const version = JSON.parse(readFileSync(join(repo, 'packages/cli/package.json'), 'utf8')).version as string;
    expect((await runStep('install', {})).outputs).toMatchObject({ version, command: join(dir, 'temp', `skill-eval-${version}`, 'bin', 'skill-eval') });
    expect((await runStep('install', { inputs: { version: '9.9.9' } })).outputs.version).toBe('9.9.9');
    expect((await runStep('install', { inputs: { command: `node ${cli}` } })).outputs.command).toBe(`node ${cli}`);
  });

  it('runs the evals, writes the pull-request comment with the link, and ends with the run’s exit status', async () => {
    await runStep('install', { inputs: { command: `node ${cli}` } });
    const inputs = { paths: 'greeter', engines: 'anthropic', 'anthropic-api-key': 'test-key', args: '--no-cache' };
    const run = await runStep('run', { inputs });
    expect(run.outputs['exit-code']).toBe('0');
    const runDir = run.outputs['run-dir']!;
    expect(existsSync(join(runDir, 'results.jsonl'))).toBe(true);
    const htmlStep = action.runs.steps.findIndex((s) => s.run?.includes('--html'));
    expect((await runStep(htmlStep, { inputs })).code).toBe(0);
    expect(existsSync(join(runDir, 'report.html'))).toBe(true);
    expect((await runStep('comment', { inputs })).code).toBe(0);
    const comment = readFileSync(join(runDir, 'pr-comment.md'), 'utf8');
    expect(comment.split('\n')[0]).toBe('<!-- skill-eval:pr-comment -->');
    expect(comment).toContain('## skill-eval: all passed');
    // No upload ran here, so no artifact address: the link is the workflow run's page.
    expect(comment).toContain('(https://github.example/owner/skills/actions/runs/9)');
    outputs.upload = { 'artifact-url': 'https://github.example/owner/skills/actions/runs/9/artifacts/42' };
    await runStep('comment', { inputs });
    expect(readFileSync(join(runDir, 'pr-comment.md'), 'utf8')).toContain('(https://github.example/owner/skills/actions/runs/9/artifacts/42)');
    const last = action.runs.steps.length - 1;
    expect((await runStep(last, { inputs })).code).toBe(0);
  });

  it('leaves an empty key input unset, so the run stops on the missing key instead of sending an empty one', async () => {
    await runStep('install', { inputs: { command: `node ${cli}` } });
    const run = await runStep('run', { inputs: { paths: 'greeter', engines: 'anthropic', args: '--no-cache' } });
    expect(run.outputs['exit-code']).toBe('2');
    expect(run.log).toContain('ANTHROPIC_API_KEY');
    expect((await runStep(action.runs.steps.length - 1, {})).code).toBe(2);
  });

  it('replays a committed recording with no key, as this repository’s CI job does', async () => {
    cpSync(join(repo, 'examples', 'json-extract'), join(dir, 'work', 'examples', 'json-extract'), { recursive: true });
    await runStep('install', { inputs: { command: `node ${cli}` } });
    const inputs = { paths: 'examples/json-extract', replay: 'examples/json-extract/recorded-run' };
    const run = await runStep('run', { inputs, env: { ANTHROPIC_BASE_URL: '' } });
    expect(run.outputs['exit-code'], run.log).toBe('0');
    expect(run.log).toContain('1 passed');
  });

  it('reads every word of its paths input as a path, never as a flag of the run', async () => {
    // A folder a pull request added, named as a flag: were it a flag, its Skillet setup would run on the runner.
    cpSync(join(dir, 'work', 'greeter'), join(dir, 'work', '--trust'), { recursive: true });
    await runStep('install', { inputs: { command: `node ${cli}` } });
    const inputs = { paths: '--trust', engines: 'anthropic', 'anthropic-api-key': 'test-key', args: '--no-cache' };
    const run = await runStep('run', { inputs });
    expect(run.outputs['exit-code'], run.log).toBe('0');
    // As a flag, the run would have taken the whole folder: both skills, 2 passed.
    expect(run.log).toContain('1 passed');
  });

  it('takes a key from the env of the step that uses it when no input names one', async () => {
    await runStep('install', { inputs: { command: `node ${cli}` } });
    const inputs = { paths: 'greeter', engines: 'anthropic', args: '--no-cache' };
    const run = await runStep('run', { inputs, env: { ANTHROPIC_API_KEY: 'from-step-env' } });
    expect(run.outputs['exit-code']).toBe('0');
  });
});
