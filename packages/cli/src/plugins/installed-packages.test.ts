import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { REPO_ROOT } from '../test-support/paths.js';
import { writeFiles } from '../test-support/write-files.js';
import { installedPluginPackages, resolveInstalled, resolveWhereSkillEvalIs } from './installed-packages.js';

const BIN = join(REPO_ROOT, 'packages', 'cli', 'bin', 'skill-eval.js');

let project: string;
beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'skill-eval-installed-'));
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

/** An engine plugin whose `run` answers with the prompt; `version` and `run` bodies can be replaced. */
const engineSource = (id: string, { version = "async () => '2.0.0'", run = '' } = {}) => `
export default {
  contract: 'engine-v1',
  id: ${JSON.stringify(id)},
  description: 'A test engine.',
  parseSettings: (raw) => raw ?? {},
  create: () => ({
    id: ${JSON.stringify(id)},
    capabilities: { multiTurn: false, skills: false, workspaceTools: false, complete: false },
    skillRoots: ['.agents/skills'],
    version: ${version},
    run: ${run || `async (input) => ({ status: 'completed', engineId: ${JSON.stringify(id)}, finalMessage: input.turns[0] })`},
  }),
};
`;

/** Installs a package in `node_modules` below `dir`, ESM only: its exports offer `import` and nothing else. */
function install(dir: string, name: string, source: string, exports: unknown = { '.': { import: './index.js' } }) {
  writeFiles(join(dir, 'node_modules', name), {
    'package.json': JSON.stringify({ name, version: '1.2.3', type: 'module', exports }),
    'index.js': source,
  });
}

const EVAL =
  'tests:\n  - id: one\n    input: "say pineapple"\n    assertions:\n      - type: contains\n        value: pineapple\n';

async function cli(args: string[], cwd = project, env: Record<string, string> = {}) {
  const io = captureIO(cwd, env);
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe('resolving an installed plugin package', () => {
  it('finds an ESM-only package (exports with only an import condition) in the project, from a folder below it', async () => {
    install(project, 'skill-eval-engine-esm', engineSource('esm'));
    const below = join(project, 'skills', 'greeter');
    mkdirSync(below, { recursive: true });
    expect(await resolveInstalled('skill-eval-engine-esm', below)).toBe(
      `file://${join(project, 'node_modules', 'skill-eval-engine-esm', 'index.js')}`,
    );
    expect(await resolveInstalled('skill-eval-engine-nowhere', below)).toBeUndefined();
  });

  it('says a package that is installed but cannot be imported is installed, and why it cannot be', async () => {
    install(project, 'skill-eval-engine-cjs-only', 'module.exports = {};', { '.': { require: './index.js' } });
    await expect(resolveInstalled('skill-eval-engine-cjs-only', project)).rejects.toThrow(
      `it is installed in the project (${project}) but cannot be imported: No "exports" main defined in`,
    );
  });

  it('finds an optional peer of skill-eval (node-sql-parser) beside skill-eval only, never in the project', async () => {
    install(project, 'node-sql-parser', 'export default {};');
    const found = await resolveWhereSkillEvalIs('node-sql-parser');
    expect(found).toMatch(/\/node_modules\/node-sql-parser\//);
    expect(found).not.toContain(project);
    install(project, 'skill-eval-engine-only-here', engineSource('only-here'));
    expect(await resolveWhereSkillEvalIs('skill-eval-engine-only-here')).toBeUndefined();
  });

  it('lists the packages named as plugins of a kind, nearest first', async () => {
    install(project, 'skill-eval-engine-one', engineSource('one'));
    install(project, '@skill-eval/engine-two', engineSource('two'));
    install(project, 'skill-eval-format-three', '');
    install(project, 'left-pad', '');
    const inner = join(project, 'inner');
    install(inner, 'skill-eval-engine-one', engineSource('one'));
    install(inner, 'skill-eval-engine-four', engineSource('four'));
    const found = await installedPluginPackages('engine', inner);
    expect(found.slice(0, 3)).toEqual(['skill-eval-engine-four', 'skill-eval-engine-one', '@skill-eval/engine-two']);
    expect(found).not.toContain('skill-eval-format-three');
  });
});

describe('plugins in the project, as the CLI uses them', () => {
  it('runs a case on an ESM-only engine plugin installed in the project, and lists it in engines unnamed', async () => {
    install(project, 'skill-eval-engine-echo', engineSource('echo'));
    writeFiles(project, { 'evals/echo.eval.yaml': EVAL });
    const run = await cli(['run', 'evals', '-e', 'echo', '--out', join(project, 'out')]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    // A package in the project is the project's: `engines` imports it only when the user vouches for it.
    const untrusted = await cli(['engines']);
    expect(untrusted.out).toMatch(
      /\n {2}echo +skill-eval-engine-echo@\? +not ready skill-eval-engine-echo \(node_modules\/skill-eval-engine-echo\/index\.js\) is an engine package installed in the project: `skill-eval engines` would import it, which runs its code; not loaded without --trust\./,
    );
    const engines = await cli(['engines', '--trust']);
    expect(engines.out).toMatch(/\n {2}echo +skill-eval-engine-echo@1\.2\.3 +ready {5}2\.0\.0\n/);
  }, 60_000);

  it('lists an installed plugin that cannot load, or takes a bundled id, with why it cannot run', async () => {
    install(project, 'skill-eval-engine-broken', 'export default 42;');
    install(project, 'skill-eval-engine-impostor', engineSource('claude_code'));
    const { out } = await cli(['engines', '--trust']);
    expect(out).toMatch(
      /\n {2}broken +skill-eval-engine-broken@\? +not ready Engine plugin 'skill-eval-engine-broken' exports no skill-eval plugin/,
    );
    expect(out).toMatch(
      /\n {2}impostor +skill-eval-engine-impostor@1\.2\.3 +not ready Engine plugin 'skill-eval-engine-impostor' declares the engine id 'claude_code', which skill-eval's own engine 'claude-code' already has\.\n/,
    );
    // Building blocks named like plugins are none.
    expect(out).not.toContain('engine-kit');
  });

  it('refuses -e <package> whose plugin takes a bundled id, rather than running it in its place', async () => {
    install(project, 'skill-eval-engine-impostor', engineSource('command'));
    writeFiles(project, { 'evals/echo.eval.yaml': EVAL });
    const { code, err } = await cli(['run', 'evals', '-e', 'skill-eval-engine-impostor']);
    expect(code).toBe(2);
    expect(err).toContain(
      "error: Engine plugin 'skill-eval-engine-impostor' declares the engine id 'command', which skill-eval's own engine 'command' already has.",
    );
  });

  it('names the plugin, not skill-eval, when its version() throws', async () => {
    install(
      project,
      'skill-eval-engine-faulty',
      engineSource('faulty', { version: "async () => { throw new TypeError('x is undefined'); }" }),
    );
    writeFiles(project, { 'evals/echo.eval.yaml': EVAL });
    const { code, err } = await cli(['run', 'evals', '-e', 'faulty']);
    expect(code).toBe(2);
    expect(err).toBe(
      "error: The engine plugin 'faulty' failed in version(): x is undefined\nhint: This is a fault of the plugin, not of your eval files: report it to its author, or leave it out.\n",
    );
  });

  it('finds a plugin among the global packages (npm prefix), from a folder with none of its own', () => {
    const prefix = join(project, 'global');
    install(join(prefix, 'lib'), 'skill-eval-engine-far', engineSource('far'));
    const empty = join(project, 'empty');
    mkdirSync(empty);
    // npm's global folder is read once per process: the built CLI gets a process of its own.
    const out = execFileSync(process.execPath, [BIN, 'engines'], {
      cwd: empty,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: project, npm_config_prefix: prefix },
    });
    expect(out).toMatch(/\n {2}far +skill-eval-engine-far@1\.2\.3 +ready/);
  });
});
