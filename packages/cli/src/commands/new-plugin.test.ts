import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { DEV_TOOL_RANGES } from '../scaffold/plugin-manifest.js';
import { captureIO } from '../test-support/capture-io.js';
import { REPO_ROOT } from '../test-support/paths.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-new-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function skillEvalNew(...args: string[]) {
  const io = captureIO(dir);
  const code = await main(['new', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

const manifestOf = (folder: string) => JSON.parse(readFileSync(join(dir, folder, 'package.json'), 'utf8'));
const versionOf = (folder: string) =>
  JSON.parse(readFileSync(join(REPO_ROOT, 'packages', folder, 'package.json'), 'utf8')).version as string;

describe('skill-eval new', () => {
  it('creates an engine package named so that --engine <name> finds it, with its id filled in', async () => {
    const { code, out } = await skillEvalNew('engine', 'my-agent');
    expect(code).toBe(0);
    expect(out).toContain('Created skill-eval-engine-my-agent in skill-eval-engine-my-agent:');
    const folder = join(dir, 'skill-eval-engine-my-agent');
    expect(readdirSync(join(folder, 'src')).sort()).toEqual(['agent.ts', 'index.test.ts', 'index.ts']);
    const source = readFileSync(join(folder, 'src', 'index.ts'), 'utf8');
    expect(source).toContain("const ID = 'my-agent';");
    expect(source).not.toContain('__name__');
    expect(readFileSync(join(folder, 'README.md'), 'utf8')).toContain('# skill-eval-engine-my-agent');
  });

  it("writes an ESM package.json on the CLI's own @skill-eval/core, with tools that run on Node 20", async () => {
    expect((await skillEvalNew('format', 'prompts', '--dir', 'plugins/prompts')).code).toBe(0);
    const manifest = manifestOf('plugins/prompts');
    expect(manifest).toMatchObject({
      name: 'skill-eval-format-prompts',
      type: 'module',
      exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } },
      engines: { node: '>=20.19' },
      dependencies: { '@skill-eval/core': `^${versionOf('core')}` },
    });
    expect(manifest.devDependencies['@skill-eval/testing']).toBe(`^${versionOf('testing')}`);
    // The ranges skill-eval builds and tests itself with (the root's), which hold Node 20.
    const root = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    for (const [name, range] of Object.entries(DEV_TOOL_RANGES)) {
      expect(manifest.devDependencies[name], name).toBe(range);
      expect(root.devDependencies[name], `the root's ${name}`).toBe(range);
    }
  });

  it('refuses a folder that exists (exit 2), writing nothing into it', async () => {
    mkdirSync(join(dir, 'skill-eval-environment-box'));
    const { code, err } = await skillEvalNew('environment', 'box');
    expect(code).toBe(2);
    expect(err).toContain(
      'error: skill-eval-environment-box exists already; skill-eval new only creates a new folder.',
    );
    expect(err).toContain('hint: Remove it, or name another folder with --dir.');
    expect(readdirSync(join(dir, 'skill-eval-environment-box'))).toEqual([]);
  });

  it.each([
    ['My Agent', "'My Agent' is no engine id: it takes lower-case letters, digits and single dashes between them."],
    ['skill-eval-engine-x', 'Give the id alone: skill-eval new engine x (the package is named skill-eval-engine-x).'],
    ['x-', "'x-' is no engine id"],
    ['a--b', "'a--b' is no engine id"],
    ['x'.repeat(61), 'at most 60 characters'],
    ['claude-code', "skill-eval already has an engine 'claude-code'"],
    ['claude_code', "'claude_code' is no engine id"],
  ])('refuses the engine id %j (exit 2), creating nothing', async (name, message) => {
    const { code, err } = await skillEvalNew('engine', name);
    expect(code).toBe(2);
    expect(err).toContain(message);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses an environment id that names the host, and a kind it does not make', async () => {
    const host = await skillEvalNew('environment', 'local');
    expect(host.code).toBe(2);
    expect(host.err).toContain("skill-eval already has an environment 'local'");
    const kind = await skillEvalNew('reporter', 'x');
    expect(kind.code).toBe(2);
    expect(kind.err).toContain("skill-eval new makes an engine, a format or an environment, not 'reporter'.");
    expect(existsSync(join(dir, 'skill-eval-reporter-x'))).toBe(false);
  });
});
