import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/paths.js';
import { PLANNER_CANNED, plannerConversations, writePlannerSuite } from '../test-support/planner-suite.js';
import { resultsByCase } from '../test-support/run-output.js';
import { writeFiles } from '../test-support/write-files.js';

// The bin runs the esbuild bundle: these cases need what lives outside it (the runner's mock MCP server script,
// a plugin with its own copy of @skill-eval/core) to be found and to work with the bundle's code.
const BIN = join(REPO_ROOT, 'packages', 'cli', 'bin', 'skill-eval.js');

/** Runs the built CLI asynchronously (the fake model server answers from this process). */
function runCli(args: string[], cwd: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd, env: { PATH: process.env.PATH ?? '', CI: '1', ...env } },
      (error, stdout, stderr) => {
        resolve({ code: typeof error?.code === 'number' ? error.code : error ? 1 : 0, stdout, stderr });
      },
    );
  });
}

describe('the bundled CLI: a mocked MCP server on the anthropic engine', () => {
  let server: FakeModelServer;
  let dir: string;

  beforeAll(async () => {
    server = await startFakeModelServer({
      conversations: plannerConversations([
        { toolCalls: [{ name: 'pm__create_plan', input: { name: 'Q1 release' } }] },
      ]),
    });
    dir = writePlannerSuite('skill-eval-bundle-mcp-');
  });

  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('starts the runner’s mock server script and gets its canned answer', async () => {
    const { code, stderr } = await runCli(['run', 'planner', '-e', 'anthropic', '-q', '--no-cache', '-o', 'out'], dir, {
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'test-key-for-the-fake-server',
    });
    const results = resultsByCase(join(dir, 'out'));
    // not-called fails by design (the agent is never asked to call the tool): exit 1.
    expect([code, results.get('not-called')?.status], stderr).toEqual([1, 'failed']);
    const result = results.get('create-plan')!;
    expect(result.status).toBe('passed');
    expect(result.session?.toolCalls).toEqual([
      expect.objectContaining({ name: 'pm::create_plan', output: PLANNER_CANNED, isError: false }),
    ]);
  }, 60_000);
});

describe('the bundled CLI: an engine plugin with its own copy of @skill-eval/core', () => {
  let dir: string;
  // Not the bundle's core: the plugin imports the package's own build, as a plugin installed beside skill-eval would.
  const core = pathToFileURL(join(REPO_ROOT, 'packages', 'core', 'dist', 'index.js')).href;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-bundle-plugin-'));
    writeFiles(dir, {
      'my-engine.mjs': `import { SessionSchema, SkillEvalError, defineEngine } from '${core}';
export default defineEngine({
  contract: 'engine-v1',
  id: 'my-engine',
  description: 'Echoes the prompt.',
  parseSettings(raw) {
    if (!raw.greeting) throw new SkillEvalError('BAD_INPUT', 'my-engine needs a greeting.', { hint: 'Pass --ek greeting=<word>.' });
    return raw;
  },
  create: (settings) => ({
    id: 'my-engine',
    skillRoots: [],
    version: async () => '1.0.0',
    async run(input) {
      if (input.turns[0].includes('refuse')) throw new SkillEvalError('ENGINE_NOT_FOUND', 'my-engine refuses.');
      return SessionSchema.parse({ status: 'completed', engineId: 'my-engine', finalMessage: settings.greeting + ' ' + input.turns[0] });
    },
  }),
});
`,
      'echo.eval.yaml': [
        'name: echo',
        'tests:',
        '  - id: greet',
        '    input: "world"',
        '    assertions: [{type: contains, value: "hello world"}]',
        '  - id: refuse',
        '    input: "refuse"',
        '    assertions: [{type: contains, value: "hello"}]',
      ].join('\n'),
    });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs it, keeping the code of the SkillEvalError its run threw', async () => {
    const { code, stderr } = await runCli(
      ['run', 'echo.eval.yaml', '-e', './my-engine.mjs', '--ek', 'greeting=hello', '-q', '--no-cache', '-o', 'out'],
      dir,
    );
    expect(stderr).toBe('');
    expect(code).toBe(1);
    const results = resultsByCase(join(dir, 'out'));
    expect(results.get('greet')!.status).toBe('passed');
    expect(results.get('refuse')!).toMatchObject({
      status: 'error',
      error: { code: 'ENGINE_NOT_FOUND', message: expect.stringContaining('my-engine refuses.') },
    });
  }, 30_000);

  it('prints the SkillEvalError its settings threw as an error with its hint, not as an internal error', async () => {
    const { code, stderr } = await runCli(['run', 'echo.eval.yaml', '-e', './my-engine.mjs', '-q', '-o', 'out'], dir);
    expect(stderr).toBe('error: my-engine needs a greeting.\nhint: Pass --ek greeting=<word>.\n');
    expect(code).toBe(2);
  }, 30_000);
});

describe('the bundled CLI: modules it imports on demand', () => {
  it('compiles a JSON Schema with Ajv and renders a promptfoo config with nunjucks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skill-eval-bundle-lazy-'));
    try {
      writeFiles(dir, {
        'promptfooconfig.yaml': [
          'prompts: ["Give {{who}} as JSON"]',
          'tests:',
          '  - vars: { who: Ada }',
          '    assert:',
          '      - type: is-json',
          '        value: { type: object, required: [name], properties: { name: { type: string, pattern: "^A" } } }',
          '',
        ].join('\n'),
      });
      const listed = await runCli(['list', '--json', 'promptfooconfig.yaml'], dir);
      expect(listed.stderr).toBe('');
      expect(listed.code).toBe(0);
      const [suite] = (JSON.parse(listed.stdout) as { suites: { cases: { turns: string[] }[] }[] }).suites;
      expect(suite!.cases[0]!.turns).toEqual(['Give Ada as JSON']);
      // A schema Ajv cannot compile is found at load, which needs Ajv itself.
      writeFiles(dir, {
        'promptfooconfig.yaml': 'prompts: [hi]\ntests:\n  - assert: [{ type: is-json, value: { type: 7 } }]\n',
      });
      const bad = await runCli(['validate', 'promptfooconfig.yaml'], dir);
      expect(bad.stdout + bad.stderr).toMatch(/schema is not usable: .*type/);
      expect(bad.stdout + bad.stderr).not.toContain('is not a constructor');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
