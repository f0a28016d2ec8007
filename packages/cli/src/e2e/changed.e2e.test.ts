import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { gitIn } from '../test-support/git-repo.js';
import { greeterCaseYaml, greeterEvalYaml, PIRATE_SKILL } from '../test-support/greeter-suite.js';
import { readResults } from '../test-support/run-output.js';
import { writeFiles } from '../test-support/write-files.js';

const skill = (name: string) => PIRATE_SKILL.replace('name: greeter', `name: ${name}`);
/** Two skills, each with its skill-up evals, committed on `main`. */
const PROJECT = Object.fromEntries(
  ['greeter', 'parrot'].flatMap((name) => [
    [`${name}/SKILL.md`, skill(name)],
    [`${name}/evals/eval.yaml`, greeterEvalYaml(['ahoy'])],
    [`${name}/evals/cases/ahoy.yaml`, greeterCaseYaml('ahoy', `Greet the crew of ${name}`)],
  ]),
);

describe('skill-eval run --changed <ref>: only the suites whose inputs changed since the ref (real git)', () => {
  let server: FakeModelServer;
  let dir: string;
  const git = gitIn(() => dir);

  beforeAll(async () => {
    server = await startFakeModelServer({ fallback: { text: 'Ahoy.' } });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-changed-'));
    writeFiles(dir, PROJECT);
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-q', '-m', 'skills');
    return () => rmSync(dir, { recursive: true, force: true });
  });

  async function run(...args: string[]) {
    const io = captureIO(dir, {
      PATH: process.env.PATH,
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'test-key-anthropic',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
    });
    const code = await main(['run', '.', '--engine', 'anthropic', '--no-cache', '--out', 'out', ...args], io);
    const ran = existsSync(join(dir, 'out', 'results.jsonl'))
      ? [...new Set(readResults(join(dir, 'out')).map((r) => r.suiteId))].sort()
      : [];
    return { code, ran, stderr: io.err() };
  }

  it('runs the suite of a skill changed on a branch, skips the other and says why', async () => {
    git('switch', '-q', '-c', 'feature');
    writeFileSync(join(dir, 'parrot', 'references.md'), 'Parrots repeat.\n');
    git('add', '.');
    git('commit', '-q', '-m', 'parrot notes');
    const { code, ran, stderr } = await run('--changed', 'main');
    expect(code).toBe(0);
    expect(ran).toEqual(['parrot/evals/eval.yaml']);
    expect(stderr).toMatch(/--changed main \(since [0-9a-f]{12}, 1 changed file\): 1 of 2 suites to run/);
    expect(stderr).toContain('runs   parrot/evals/eval.yaml (parrot/references.md changed)');
    expect(stderr).toContain('skips  greeter/evals/eval.yaml: no change to its eval files, its skill');
  });

  it('counts uncommitted and untracked changes, and a changed case file, as CI will after the commit', async () => {
    writeFileSync(join(dir, 'greeter', 'evals', 'cases', 'ahoy.yaml'), greeterCaseYaml('ahoy', 'Greet them all'));
    writeFileSync(join(dir, 'parrot', 'new-notes.md'), 'untracked\n');
    expect((await run('--changed', 'HEAD')).ran).toEqual(['greeter/evals/eval.yaml', 'parrot/evals/eval.yaml']);
  });

  it('compares from the merge base: commits on the base after the branch point are not the branch’s changes', async () => {
    git('switch', '-q', '-c', 'feature');
    git('switch', '-q', 'main');
    writeFileSync(join(dir, 'greeter', 'SKILL.md'), skill('greeter').replace('pirate', 'buccaneer'));
    git('commit', '-q', '-am', 'greeter on main');
    git('switch', '-q', 'feature');
    const { code, ran, stderr } = await run('--changed', 'main');
    expect({ code, ran }).toEqual({ code: 0, ran: [] });
    expect(stderr).toContain('No suite changed since main: no run was started (nothing was written).');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it.each([
    ['an unknown ref', 'no-such-branch', /--changed no-such-branch: the repository has no commit of that name/],
    ['an option-looking ref, which never reaches git', '--output=/tmp/x', /is not a git ref/],
  ])('stops before anything runs on %s, saying what to do', async (_, ref, message) => {
    const { code, ran, stderr } = await run(`--changed=${ref}`);
    expect({ code, ran }).toEqual({ code: 2, ran: [] });
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('stops with a clear message outside a git repository', async () => {
    rmSync(join(dir, '.git'), { recursive: true, force: true });
    const { code, stderr } = await run('--changed', 'main');
    expect(code).toBe(2);
    expect(stderr).toContain('is not in a git repository');
  });
});
