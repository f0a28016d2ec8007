import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/paths.js';
import { readResults } from '../test-support/run-output.js';

// `skill-eval new` as a plugin author meets it: the built CLI scaffolds each kind, and the package builds (real tsc),
// type-checks its test and passes its conformance suite (real vitest). Its dependencies are the workspace's own
// packages and tools, linked into its node_modules as `npm install` of `file:` dependencies would: no registry.
const BIN = join(REPO_ROOT, 'packages', 'cli', 'bin', 'skill-eval.js');
const TESTING = join(REPO_ROOT, 'packages', 'testing');
/** The tools as @skill-eval/testing resolves them: the conformance suite and the test runner share one vitest. */
const DEPENDENCIES: Record<string, string> = {
  '@skill-eval/core': join(REPO_ROOT, 'packages', 'core'),
  '@skill-eval/testing': TESTING,
  vitest: realpathSync(join(TESTING, 'node_modules', 'vitest')),
  typescript: realpathSync(join(REPO_ROOT, 'node_modules', 'typescript')),
  '@types/node': realpathSync(join(REPO_ROOT, 'node_modules', '@types', 'node')),
};

function exec(file: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      file,
      args,
      { cwd, env: { PATH: process.env.PATH ?? '', CI: '1', NO_COLOR: '1', ...env }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: typeof error?.code === 'number' ? error.code : error ? 1 : 0, output: stdout + stderr });
      },
    );
  });
}

const node = (args: string[], cwd: string, env?: Record<string, string>) => exec(process.execPath, args, cwd, env);

function link(from: string, name: string, target: string): void {
  const path = join(from, 'node_modules', name);
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(target, path);
}

/** Scaffolds a plugin with the built CLI and links its dependencies; its folder. */
async function scaffold(work: string, kind: string, name: string): Promise<string> {
  const created = await node([BIN, 'new', kind, name], work);
  expect(created.output).toContain(`Created skill-eval-${kind}-${name}`);
  expect(created.code).toBe(0);
  const folder = join(work, `skill-eval-${kind}-${name}`);
  for (const [dependency, target] of Object.entries(DEPENDENCIES)) link(folder, dependency, target);
  return folder;
}

/** `npm run build` of the package, run with the linked TypeScript. */
async function build(folder: string): Promise<string> {
  const tsc = join(folder, 'node_modules', 'typescript', 'bin', 'tsc');
  const built = await node([tsc, '-p', 'tsconfig.build.json'], folder);
  expect(built.output, 'tsc -p tsconfig.build.json').toBe('');
  return tsc;
}

/** `npm run build`, `npm run typecheck` and `npm test` of the package, run with the linked tools. */
async function buildAndTest(folder: string): Promise<string> {
  const tsc = await build(folder);
  const typecheck = await node([tsc, '--noEmit'], folder);
  expect(typecheck.output, 'tsc --noEmit').toBe('');
  const test = await node([join(folder, 'node_modules', 'vitest', 'vitest.mjs'), 'run'], folder);
  expect(test.code, test.output).toBe(0);
  return test.output;
}

describe('skill-eval new: the scaffolded plugins build and pass their conformance suites', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'skill-eval-new-e2e-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('a format', async () => {
    const output = await buildAndTest(await scaffold(work, 'format', 'prompts'));
    expect(output).toMatch(/Tests\s+5 passed \(5\)/);
  }, 240_000);

  it('an environment', async () => {
    const output = await buildAndTest(await scaffold(work, 'environment', 'box'));
    expect(output).toMatch(/Tests\s+10 passed \(10\)/);
  }, 240_000);

  describe('an engine, which a project then runs a suite on', () => {
    let server: FakeModelServer;
    beforeAll(async () => {
      server = await startFakeModelServer({
        conversations: [
          { id: 'run', match: {}, responses: [{ text: 'Here is a pineapple.' }], whenExhausted: 'repeat-last' },
        ],
      });
    });
    afterAll(() => server.close());

    // Its conformance suite, with the tools a plugin author installs from the registry, is run by the install check
    // (scripts/install-check), which then installs it into a project beside the published CLI.
    it('is built, and skill-eval run --engine my-agent finds it in the project and runs a case on it', async () => {
      const plugin = await scaffold(work, 'engine', 'my-agent');
      await build(plugin);

      // A project with the plugin installed beside the CLI, as `npm install ../skill-eval-engine-my-agent` links it.
      const project = join(work, 'project');
      mkdirSync(join(project, 'evals'), { recursive: true });
      writeFileSync(join(project, 'package.json'), '{ "name": "my-skill-evals", "private": true }\n');
      link(project, 'skill-eval-engine-my-agent', plugin);
      writeFileSync(
        join(project, 'evals', 'fruit.eval.yaml'),
        'tests:\n  - id: fruit\n    input: "name a fruit"\n    assertions: [{ type: contains, value: pineapple }]\n',
      );
      const env = { OPENAI_BASE_URL: `${server.url}/v1`, OPENAI_API_KEY: 'sk-fake' };
      // --trust: the user vouches for the project whose node_modules holds the plugin.
      const args = ['run', 'evals', '--engine', 'my-agent', '--out', 'out', '--trust'];
      const run = await node([BIN, ...args], project, env);
      expect(run.code, run.output).toBe(0);
      const [result] = readResults(join(project, 'out'));
      expect(result).toMatchObject({ engine: 'my-agent', status: 'passed' });
      expect(result?.session?.finalMessage).toBe('Here is a pineapple.');
      expect(server.requests.some((request) => JSON.stringify(request.body).includes('name a fruit'))).toBe(true);
    }, 300_000);
  });
});
