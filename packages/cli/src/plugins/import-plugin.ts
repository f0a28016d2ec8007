// Imported by loadPlugin only when a plugin is named (`import()` of what it names): the CLI loads a file that imports
// dynamically without the code compiled for it at the build (bin/code-cache.js), so the commands that name no plugin
// do not load it at all.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveInstalled } from './installed-packages.js';
import { looksLikePath } from './plugin-spec.js';

/**
 * The default export of a module. A CommonJS module compiled from ESM (TypeScript, Babel: `exports.default = plugin`
 * with `__esModule`) reaches `import()` as `{ default: { __esModule, default: plugin } }`; its plugin is the inner one.
 */
function defaultExport(module: { default?: unknown }): unknown {
  const value = module.default;
  if (value && typeof value === 'object' && '__esModule' in value && 'default' in value) return value.default;
  return value;
}

/**
 * Imports a plugin module by package name (found in the project, beside skill-eval or among the global packages:
 * see `resolveInstalled`) or by path taken from `cwd`, and returns its default export (undefined when it has none).
 * Undefined when the package is not installed.
 */
export async function importPlugin(spec: string, cwd: string): Promise<{ value: unknown; url: string } | undefined> {
  const url = looksLikePath(spec) ? pathToFileURL(resolve(cwd, spec)).href : await resolveInstalled(spec, cwd);
  if (url === undefined) return undefined;
  const module = (await import(url)) as { default?: unknown };
  return { value: defaultExport(module), url };
}
