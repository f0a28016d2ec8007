import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cmdShim from '@zkochan/cmd-shim';
import { afterEach, describe, expect, it } from 'vitest';
import { installedProgram } from './installed-program.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A folder laid out from `files` (path → content; a `->` content is a symlink), its real path. */
function layout(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'skill-eval-installed-')));
  roots.push(root);
  for (const [path, content] of Object.entries(files)) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    if (content.startsWith('-> ')) symlinkSync(content.slice(3), file);
    else {
      writeFileSync(file, content);
      chmodSync(file, 0o755);
    }
  }
  return root;
}

const NATIVE = '\x7fELF\x02\x01\x01 a native program';
const NODE_SCRIPT = '#!/usr/bin/env node\nrequire("dep");\n';

/**
 * Writes pnpm's shim of `target` at `at` (both relative to `root`) with the shim writer pnpm 10 runs at `pnpm install`
 * (@zkochan/cmd-shim 7, called as pnpm's link-bins calls it); the repository's own bins are links (pnpm-workspace.yaml).
 */
async function pnpmShim(root: string, target: string, at: string): Promise<void> {
  await cmdShim(join(root, target), join(root, at), {
    createPwshFile: false,
    nodePath: [join(root, 'node_modules/.pnpm/node_modules')],
  });
}

describe('installedProgram: what a command on PATH really runs', () => {
  it('reads a pnpm shim of a native binary: the binary is the program, in the .pnpm store', async () => {
    const root = layout({
      'node_modules/.pnpm/agent@1.0.0/node_modules/agent/bin/agent.exe': NATIVE,
      'node_modules/agent': '-> .pnpm/agent@1.0.0/node_modules/agent',
    });
    await pnpmShim(root, 'node_modules/agent/bin/agent.exe', 'node_modules/.bin/agent');
    const real = join(root, 'node_modules/.pnpm/agent@1.0.0/node_modules/agent/bin/agent.exe');
    expect(installedProgram(join(root, 'node_modules/.bin/agent'))).toEqual({
      program: real,
      node: false,
      paths: [real],
    });
  });

  it('reads a shim that runs its target with node: a Node script, its whole node_modules tree needed', async () => {
    const root = layout({
      'node_modules/.pnpm/agent@1.0.0/node_modules/agent/cli.js': NODE_SCRIPT,
      'node_modules/agent': '-> .pnpm/agent@1.0.0/node_modules/agent',
    });
    await pnpmShim(root, 'node_modules/agent/cli.js', 'node_modules/.bin/agent');
    expect(installedProgram(join(root, 'node_modules/.bin/agent'))).toEqual({
      program: join(root, 'node_modules/.pnpm/agent@1.0.0/node_modules/agent/cli.js'),
      node: true,
      paths: [join(root, 'node_modules')],
    });
  });

  it('follows the links of npm and yarn (a global bin, node_modules/.bin) to a Node script', () => {
    const root = layout({
      'lib/node_modules/agent/package.json': '{}',
      'lib/node_modules/agent/bin/agent.js': NODE_SCRIPT,
      'bin/agent': '-> ../lib/node_modules/agent/bin/agent.js',
    });
    expect(installedProgram(join(root, 'bin/agent'))).toEqual({
      program: join(root, 'lib/node_modules/agent/bin/agent.js'),
      node: true,
      paths: [join(root, 'lib/node_modules')],
    });
  });

  it('follows a chain of links to a native binary, as the native installers lay them out', () => {
    const root = layout({
      'share/agent/versions/2.0.0': NATIVE,
      'share/agent/current': '-> versions/2.0.0',
      'bin/agent': '-> ../share/agent/current',
    });
    const real = join(root, 'share/agent/versions/2.0.0');
    expect(installedProgram(join(root, 'bin/agent'))).toEqual({ program: real, node: false, paths: [real] });
  });

  it('takes a Node script outside any node_modules with its package root whole', () => {
    const root = layout({ 'tool/package.json': '{}', 'tool/bin/agent.mjs': '#!/usr/bin/env -S node --no-warnings\n' });
    expect(installedProgram(join(root, 'tool/bin/agent.mjs'))).toEqual({
      program: join(root, 'tool/bin/agent.mjs'),
      node: true,
      paths: [join(root, 'tool')],
    });
  });

  it('leaves a shell script that is no shim, and a shim whose target is gone, as they are', async () => {
    const root = layout({
      'agent.sh': '#!/bin/sh\nbasedir=/opt\nexec "$basedir/agent" "$@"\n',
      'node_modules/gone/bin/gone.exe': NATIVE,
    });
    await pnpmShim(root, 'node_modules/gone/bin/gone.exe', 'node_modules/.bin/gone');
    rmSync(join(root, 'node_modules/gone'), { recursive: true });
    for (const name of ['agent.sh', 'node_modules/.bin/gone']) {
      const file = join(root, name);
      expect(installedProgram(file)).toEqual({ program: file, node: false, paths: [file] });
    }
  });

  it("follows this repository's own bins, links (pnpm-workspace.yaml): claude's native binary, codex's Node script", () => {
    const bin = fileURLToPath(new URL('../../cli/node_modules/.bin/', import.meta.url));
    const claude = installedProgram(join(bin, 'claude'));
    expect(claude.program).toMatch(/\/@anthropic-ai\/claude-code\/bin\/claude\.exe$/);
    expect(claude).toMatchObject({ node: false, paths: [claude.program] });
    const codex = installedProgram(join(bin, 'codex'));
    expect(codex.program).toMatch(
      /\/node_modules\/\.pnpm\/@openai\+codex@[^/]+\/node_modules\/@openai\/codex\/bin\/codex\.js$/,
    );
    expect(codex.node).toBe(true);
    expect(codex.paths).toEqual([
      codex.program.slice(0, codex.program.indexOf('/node_modules/') + '/node_modules'.length),
    ]);
  });
});
