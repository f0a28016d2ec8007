import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { markPluginInstalled, markPluginInstalledForExecution, PLUGIN_PACKAGE } from './plugin-dependency.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});
function root(): string {
  const dir = mkdtempSync(join(tmpdir(), 'opencode-plugin-dep-'));
  roots.push(dir);
  return dir;
}

/**
 * What opencode 1.18.33's Npm.install checks before it installs into a config directory (strings of
 * bin/opencode.exe, `Npm.install` / `Npm.checkNodeModules` / `Npm.checkDirty`): `node_modules` exists, and every
 * dependency of `package.json` plus the added package is declared at the root of `package-lock.json`.
 */
function opencodeWouldInstall(dir: string, add: string): boolean {
  const read = (name: string) => {
    try {
      return JSON.parse(readFileSync(join(dir, name), 'utf8'));
    } catch {
      return {};
    }
  };
  try {
    readdirSync(join(dir, 'node_modules'));
  } catch {
    return true;
  }
  const declared = new Set([...Object.keys(read('package.json').dependencies ?? {}), add]);
  const locked = new Set(Object.keys(read('package-lock.json').packages?.['']?.dependencies ?? {}));
  return [...declared].some((name) => !locked.has(name));
}

describe('markPluginInstalled', () => {
  it('leaves opencode nothing to install in a fresh config directory', async () => {
    const home = root();
    const config = join(home, '.config', 'opencode');
    mkdirSync(config, { recursive: true });
    expect(opencodeWouldInstall(config, PLUGIN_PACKAGE)).toBe(true);
    await markPluginInstalled(home, config, '1.18.33');
    expect(opencodeWouldInstall(config, PLUGIN_PACKAGE)).toBe(false);
    expect(readdirSync(join(config, 'node_modules'))).toEqual([]);
  });

  it.each(['package.json', 'package-lock.json', 'node_modules', 'plugin', 'plugins', 'tool', 'tools'])(
    'leaves a directory with its own %s as it is',
    async (entry) => {
      const workspace = root();
      const project = join(workspace, '.opencode');
      mkdirSync(project);
      if (entry.includes('.')) writeFileSync(join(project, entry), '{"dependencies":{"left-pad":"1"}}');
      else mkdirSync(join(project, entry));
      await markPluginInstalled(workspace, project, '1.18.33');
      expect(readdirSync(project).sort()).toEqual([entry]);
    },
  );

  it('writes nothing through a link a fixture placed', async () => {
    const workspace = root();
    const outside = root();
    symlinkSync(outside, join(workspace, '.opencode'));
    await expect(markPluginInstalled(workspace, join(workspace, '.opencode'), undefined)).rejects.toThrow(
      /symbolic link/,
    );
    expect(readdirSync(outside)).toEqual([]);
  });
});

describe('markPluginInstalledForExecution', () => {
  it("marks the HOME's config, and the workspace's .opencode only where there is one", async () => {
    const home = root();
    const workspace = root();
    const configHome = join(home, '.config');
    mkdirSync(join(configHome, 'opencode'), { recursive: true });
    await markPluginInstalledForExecution({ home, configHome, workspace }, '1.18.33');
    expect(opencodeWouldInstall(join(configHome, 'opencode'), PLUGIN_PACKAGE)).toBe(false);
    expect(readdirSync(workspace)).toEqual([]);

    const other = root();
    mkdirSync(join(other, '.opencode', 'skills'), { recursive: true });
    await markPluginInstalledForExecution({ home, configHome, workspace: other }, '1.18.33');
    expect(opencodeWouldInstall(join(other, '.opencode'), PLUGIN_PACKAGE)).toBe(false);
  });
});
