import { SkillEvalError } from '@skill-eval/core';
import { bundledEngine, bundledEnvironment, bundledFormat } from '../plugins/bundled.js';

/** The plugin kinds `skill-eval new` makes. */
export const PLUGIN_KINDS = ['engine', 'format', 'environment'] as const;
export type PluginKind = (typeof PLUGIN_KINDS)[number];

const A_KIND: Record<PluginKind, string> = { engine: 'an engine', format: 'a format', environment: 'an environment' };

/** Longest id: the package name `skill-eval-environment-<id>` stays far below npm's 214 characters. */
const MAX_ID_LENGTH = 60;
/** Environment ids that name the host itself (`--environment none`): a plugin by one of them would never load. */
const HOST_NAMES = new Set(['none', 'local', 'host']);

export function parsePluginKind(kind: string): PluginKind {
  const found = PLUGIN_KINDS.find((k) => k === kind.trim().toLowerCase());
  if (!found) {
    throw new SkillEvalError('USAGE', `skill-eval new makes an engine, a format or an environment, not '${kind}'.`, {
      hint: 'Run e.g. skill-eval new engine my-agent.',
    });
  }
  return found;
}

/**
 * Checks a plugin id and gives its npm package name, `skill-eval-<kind>-<id>`: the name by which `--engine <id>`
 * (or `--environment <id>`) finds it. The id keeps to npm's rules for names (lower case, URL-safe), in the form
 * skill-eval's ids take: letters, digits and single dashes. An id a bundled plugin has would never be loaded.
 */
export function pluginPackageName(kind: PluginKind, id: string): string {
  const prefix = `skill-eval-${kind}-`;
  const problem = !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)
    ? 'lower-case letters, digits and single dashes between them'
    : id.length > MAX_ID_LENGTH
      ? `at most ${MAX_ID_LENGTH} characters`
      : id.startsWith('skill-eval-')
        ? 'no skill-eval- prefix (the package name adds it)'
        : undefined;
  if (problem) {
    const hint = id.startsWith(prefix)
      ? `Give the id alone: skill-eval new ${kind} ${id.slice(prefix.length)} (the package is named ${id}).`
      : `An id such as my-agent; the package is named ${prefix}<id>.`;
    throw new SkillEvalError('USAGE', `'${id}' is no ${kind} id: it takes ${problem}.`, { hint });
  }
  const taken =
    (kind === 'engine' && bundledEngine(id)) ||
    (kind === 'format' && bundledFormat(id)) ||
    (kind === 'environment' && (bundledEnvironment(id) || HOST_NAMES.has(id)));
  if (taken) {
    throw new SkillEvalError(
      'USAGE',
      `skill-eval already has ${A_KIND[kind]} '${id}': a plugin by that id would not load.`,
      {
        hint: `Choose another id (skill-eval ${kind === 'engine' ? 'engines' : 'run --help'} lists those taken).`,
      },
    );
  }
  return `${prefix}${id}`;
}
