import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import type { CommandIO } from '../io/io.js';
import { bundledPackageVersion } from '../plugins/bundled-package-version.js';
import { harnessVersion } from '../plugins/package-version.js';
import { pluginFiles } from '../scaffold/plugin-files.js';
import { parsePluginKind, pluginPackageName } from '../scaffold/plugin-name.js';

export interface NewPluginOptions {
  dir?: string;
}

const NEXT_STEP: Record<string, (id: string) => string> = {
  engine: (id) => `skill-eval run path/to/skill --engine ${id}`,
  format: (id) => `add "skill-eval-format-${id}" to the plugins of skill-eval.config.json`,
  environment: (id) => `skill-eval run path/to/skill --environment ${id}`,
};

/** Makes the folder, refusing one that exists: nothing of the user's is ever overwritten. */
function makeFolder(dir: string, shown: string): void {
  mkdirSync(dirname(dir), { recursive: true });
  try {
    mkdirSync(dir);
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code !== 'EEXIST') throw cause;
    throw new SkillEvalError('USAGE', `${shown} exists already; skill-eval new only creates a new folder.`, {
      hint: 'Remove it, or name another folder with --dir.',
    });
  }
}

/**
 * `skill-eval new <kind> <name>`: a plugin package named `skill-eval-<kind>-<name>` in a new folder, depending on
 * the @skill-eval/core this CLI bundles, that builds (`npm run build`) and passes its conformance suite (`npm test`).
 */
export function newPluginCommand(kindText: string, id: string, options: NewPluginOptions, io: CommandIO): number {
  const kind = parsePluginKind(kindText);
  const packageName = pluginPackageName(kind, id);
  const dir = resolve(io.cwd, options.dir ?? packageName);
  const shown = relative(io.cwd, dir) || '.';
  // The versions this CLI bundles, so the plugin is built against the contracts the CLI will load it with.
  const range = (name: string) => `^${bundledPackageVersion(name) ?? harnessVersion()}`;
  const versions = { core: range('@skill-eval/core'), testing: range('@skill-eval/testing') };
  const files = pluginFiles(kind, id, packageName, versions);
  makeFolder(dir, shown);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text, { flag: 'wx' });
  }
  io.stdout.write(
    `Created ${packageName} in ${shown}:\n${Object.keys(files)
      .sort()
      .map((path) => `  ${path}\n`)
      .join('')}\n` +
      `Next: cd ${shown} && npm install && npm test (builds it and runs the ${kind} conformance suite).\n` +
      `Then install it beside skill-eval in your project (npm install --save-dev ${resolve(dir)}) and ${NEXT_STEP[kind]!(id)}.\n`,
  );
  return 0;
}
