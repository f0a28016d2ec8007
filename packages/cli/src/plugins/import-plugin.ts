import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyPlugin } from '@skill-eval/core';

/** A module path (`./my-engine.js`, an absolute path) rather than a package name. */
export const looksLikePath = (spec: string): boolean =>
  spec.startsWith('.') || isAbsolute(spec) || /\.(c|m)?js$/.test(spec);

/**
 * Imports a plugin module by package name (resolved from `cwd`, so a project's own node_modules
 * count) or by path, and returns its default export. Undefined when the module is not installed.
 */
export async function importPlugin(spec: string, cwd: string): Promise<{ plugin: AnyPlugin; url: string } | undefined> {
  let url: string;
  if (looksLikePath(spec)) {
    url = pathToFileURL(resolve(cwd, spec)).href;
  } else {
    try {
      url = pathToFileURL(createRequire(join(cwd, 'noop.js')).resolve(spec)).href;
    } catch {
      try {
        url = import.meta.resolve(spec);
      } catch {
        return undefined;
      }
    }
  }
  const module = (await import(url)) as { default?: AnyPlugin };
  return module.default ? { plugin: module.default, url } : undefined;
}
