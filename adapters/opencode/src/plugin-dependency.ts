import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { makeFolders, writeHarnessFile } from '@skill-eval/engine-kit/agent-files';

/** The package opencode installs into each of its config directories, for the plugins and tools written there. */
export const PLUGIN_PACKAGE = '@opencode-ai/plugin';

/**
 * Marks `@opencode-ai/plugin` as installed in one of opencode's config directories, so that opencode does not
 * install it there.
 *
 * At start, opencode 1.18.33 installs its plugin package into every config directory it loads — the HOME's
 * `~/.config/opencode` and a workspace's `.opencode` (Config: `Npm.install(dir, {add: ["@opencode-ai/plugin"]})`,
 * forked into the background). It does so with npm's Arborist, from the public registry: 64 MB in 29 packages per
 * execution, an egress to the network beside the model's, and the download lands in the workspace the graders read.
 * Npm.install skips a directory whose `node_modules` exists and whose `package-lock.json` declares, at its root,
 * every dependency its `package.json` does plus the plugin package; that is what this writes. The plugin package
 * only serves plugins and custom tools. opencode itself imports those from every config directory it reads, trusted
 * or not; what keeps them out of an untrusted run is skill-eval: the runner refuses, without --trust, a workspace whose
 * `.opencode` holds plugins, tools, agents, commands, modes, or a `package.json`, `package-lock.json`, `.npmrc` or
 * `node_modules` (packages/runner's agent-project-files), and the engine lets opencode read no config directory but
 * the HOME's and the workspace's own `.opencode` (opencode-command.ts projectConfigEnv). So nothing an untrusted run
 * does needs the package.
 *
 * Leaves a directory alone when it holds plugins or tools, or a `package.json`, `package-lock.json` or `node_modules`
 * of its own: what a trusted fixture brings there, opencode installs as it would for its user. `base` is the folder
 * the directory lies in (the execution's HOME, its workspace): a link on the way from it is refused, as the file layer
 * refuses one, so nothing is written through a link a fixture placed.
 */
export async function markPluginInstalled(base: string, configDir: string, version: string | undefined): Promise<void> {
  if (OWN_ENTRIES.some((name) => exists(join(configDir, name)))) return;
  await makeFolders(base, join(configDir, 'node_modules'));
  const lock = {
    name: 'opencode-config',
    lockfileVersion: 3,
    requires: true,
    packages: { '': { dependencies: { [PLUGIN_PACKAGE]: version ?? '*' } } },
  };
  await writeHarnessFile(base, join(configDir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`, false);
}

/** What a config directory can hold that needs the plugin package, or declares packages of its own. */
const OWN_ENTRIES = ['package.json', 'package-lock.json', 'node_modules', 'plugin', 'plugins', 'tool', 'tools'];

/** Whether anything (a dangling link included) is at `path`. */
function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Marks the plugin package installed in the config directories of one execution that opencode would install it into:
 * the HOME's `~/.config/opencode`, and the workspace's `.opencode` when there is one (staged skills, a fixture's) —
 * the only config directories opencode reads (opencode-command.ts projectConfigEnv: none of a folder above).
 */
export async function markPluginInstalledForExecution(
  dirs: { home: string; configHome: string; workspace: string },
  version: string | undefined,
): Promise<void> {
  await markPluginInstalled(dirs.home, join(dirs.configHome, 'opencode'), version);
  const project = join(dirs.workspace, '.opencode');
  if (lstatSync(project, { throwIfNoEntry: false })?.isDirectory()) {
    await markPluginInstalled(dirs.workspace, project, version);
  }
}
