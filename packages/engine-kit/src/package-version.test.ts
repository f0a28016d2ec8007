import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installedPackageVersion } from './package-version.js';
import { readVersion } from './read-version.js';
import { type EngineSandbox, makeSandbox } from './testing/index.js';

let sandbox: EngineSandbox;
let modules: string;
beforeEach(() => {
  sandbox = makeSandbox('engine-kit-package-version-');
  modules = join(sandbox.root, 'node_modules');
});
afterEach(() => sandbox.cleanup());

/** A package in node_modules whose bin `agent` is bundle/agent.js, printing `printed` to `--version`. */
function installPackage(name: string, version: string, bin: unknown = { agent: 'bundle/agent.js' }, printed = version) {
  const dir = join(modules, ...name.split('/'));
  mkdirSync(join(dir, 'bundle'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version, bin }));
  const file = join(dir, 'bundle', 'agent.js');
  writeFileSync(file, `#!/bin/sh\necho x >> "${join(sandbox.root, 'runs')}"\necho ${printed}\n`);
  chmodSync(file, 0o755);
  return { dir, file };
}

/** The `node_modules/.bin` entry pnpm writes: a shell script that runs the bin's file by its path from node_modules. */
function pnpmShim(name: string, target: string): string {
  const shim = join(modules, '.bin', name);
  mkdirSync(dirname(shim), { recursive: true });
  writeFileSync(shim, `#!/bin/sh\nbasedir=$(dirname "$0")\nexec "$basedir/../${target}" "$@"\n`);
  chmodSync(shim, 0o755);
  return shim;
}

const runs = () => readFileSync(join(sandbox.root, 'runs'), 'utf8').trim().split('\n').length;

describe('installedPackageVersion', () => {
  it('reads the version of a package whose bin is linked (npm) or shimmed (pnpm), as its --version prints it', async () => {
    const { file } = installPackage('@acme/agent-cli', '1.4.2');
    const linked = join(sandbox.root, 'global-bin', 'agent');
    mkdirSync(dirname(linked));
    symlinkSync(file, linked);
    const shim = pnpmShim('agent', '@acme/agent-cli/bundle/agent.js');
    expect(installedPackageVersion(linked, '@acme/agent-cli')).toBe('1.4.2');
    expect(installedPackageVersion(shim, '@acme/agent-cli')).toBe('1.4.2');
    // The slow path it stands for: the program's own answer.
    expect(await readVersion(shim, 'hint')).toBe('1.4.2');
  });

  it('names a string bin after the package without its scope', () => {
    installPackage('@acme/agent', '2.0.0', 'bundle/agent.js');
    expect(installedPackageVersion(pnpmShim('agent', '@acme/agent/bundle/agent.js'), '@acme/agent')).toBe('2.0.0');
  });

  it('gives nothing for a binary that is not that package’s bin, so the program is asked', () => {
    const { file } = installPackage('@acme/agent-cli', '1.4.2', { agent: 'bundle/agent.js' }, '9.9.9');
    // Another package of the same bin name; a shim of another file of the package; a package of another name.
    expect(installedPackageVersion(file, '@acme/other')).toBeUndefined();
    expect(installedPackageVersion(pnpmShim('agent', 'wrapper/agent.js'), '@acme/agent-cli')).toBeUndefined();
    expect(
      installedPackageVersion(pnpmShim('agent', '@acme/agent-cli/bundle/agent.js'), '@acme/other'),
    ).toBeUndefined();
    const plain = sandbox.script('agent', 'echo 3.1.0');
    expect(installedPackageVersion(plain, '@acme/agent-cli')).toBeUndefined();
    // A link to a file the manifest does not list as a bin.
    const stray = join(dirname(file), 'stray.js');
    writeFileSync(stray, '');
    const link = join(sandbox.root, 'stray');
    symlinkSync(stray, link);
    expect(installedPackageVersion(link, '@acme/agent-cli')).toBeUndefined();
  });

  it('asks the program when the manifest has no usable version, and not when it has', async () => {
    installPackage('@acme/agent-cli', 'not-a-version', { agent: 'bundle/agent.js' }, '1.0.0');
    const shim = pnpmShim('agent', '@acme/agent-cli/bundle/agent.js');
    expect(await readVersion(shim, 'hint', '@acme/agent-cli')).toBe('1.0.0');
    expect(runs()).toBe(1);
    installPackage('@acme/agent-cli', '1.0.1', { agent: 'bundle/agent.js' }, '1.0.1');
    expect(await readVersion(shim, 'hint', '@acme/agent-cli')).toBe('1.0.1');
    expect(runs()).toBe(1);
  });
});
