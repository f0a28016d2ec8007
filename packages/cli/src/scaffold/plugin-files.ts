import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import { packageRootOf } from '../plugins/package-version.js';
import { type ManifestVersions, pluginManifest, pluginTsconfigs } from './plugin-manifest.js';
import type { PluginKind } from './plugin-name.js';

/** The template of each kind, shipped with the CLI in templates/<kind>: sources, test and README. */
function templateFiles(kind: PluginKind): Record<string, string> {
  const dir = join(packageRootOf(import.meta.url) ?? '.', 'templates', kind);
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch (cause) {
    throw new SkillEvalError('INTERNAL', `The ${kind} template is missing from ${dir}.`, {
      cause,
      hint: 'Reinstall skill-eval (npm i -g skill-eval), or build it (pnpm build) in a clone.',
    });
  }
  return Object.fromEntries(entries.map((file) => [relative(dir, file), readFileSync(file, 'utf8')]));
}

/**
 * Every file of a new plugin package, by its path in the package: the kind's template with its id and package name
 * filled in, the package.json, the tsconfigs and a .gitignore.
 */
export function pluginFiles(
  kind: PluginKind,
  id: string,
  packageName: string,
  versions: ManifestVersions,
): Record<string, string> {
  const filled = Object.entries(templateFiles(kind)).map(([path, text]) => [
    path,
    text.replaceAll('__package__', packageName).replaceAll('__name__', id),
  ]);
  return {
    ...Object.fromEntries(filled),
    'package.json': pluginManifest(kind, packageName, versions),
    ...pluginTsconfigs(),
    '.gitignore': 'node_modules/\ndist/\n',
  };
}
