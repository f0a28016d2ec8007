import { packageVersionOf } from './package-version.js';

/** Each bundled first-party package's version as JSON, written into the bundle at build time (scripts/bundle.mjs). */
declare const SKILL_EVAL_BUNDLED_VERSIONS: string | undefined;

/**
 * The version of a first-party package the CLI bundles (`@skill-eval/engine-claude-code`). The published CLI installs
 * none of them, so the bundle knows them itself; unbundled (the repository's tests), the installed package tells.
 */
export function bundledPackageVersion(name: string): string | undefined {
  if (typeof SKILL_EVAL_BUNDLED_VERSIONS !== 'undefined') {
    return (JSON.parse(SKILL_EVAL_BUNDLED_VERSIONS) as Record<string, string>)[name];
  }
  return packageVersionOf(import.meta.resolve(name));
}
