import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { type AnyPlugin, errorInfo, SkillEvalError } from '@skill-eval/core';
import type { importPlugin } from './import-plugin.js';
import { looksLikePath } from './plugin-spec.js';

/** Where a plugin module was named, for the messages about it. */
export interface PluginOrigin {
  /** The plugin as the messages name it: `Plugin './x.js' in /p/skill-eval.config.json`. */
  named: string;
  /** What else the user can do than fix the plugin: `fix or remove './x.js' in the config's plugins list`. */
  fix: string;
  /** The contracts a plugin named there may declare (`engine-v1` for --engine). */
  contracts: readonly string[];
}

/** The contract each kind of plugin declares in this version of skill-eval. */
const KINDS: Record<string, string> = {
  format: 'format-v1',
  engine: 'engine-v1',
  reporter: 'reporter-v1',
  environment: 'environment-v1',
};

/** The functions every plugin has, whatever its kind. */
const MEMBERS = ['parseSettings', 'create'] as const;

/**
 * Loads the plugin module `spec` names (a package name, resolved from `cwd`, or a path taken from `cwd`) and checks
 * that it default-exports a plugin that speaks one of `origin.contracts`. Undefined when `spec` is a package that is
 * not installed. Every other problem (a path to nothing, a module that fails to load, a default export that is no
 * plugin, a plugin of another kind or contract version) is an error naming the plugin and what to do.
 */
export async function loadPlugin(
  spec: string,
  cwd: string,
  origin: PluginOrigin,
): Promise<{ plugin: AnyPlugin; url: string } | undefined> {
  const problem = (code: 'UNKNOWN_PLUGIN' | 'PLUGIN_CONTRACT', message: string, hint: string, cause?: unknown) =>
    new SkillEvalError(code, `${origin.named} ${message}`, { hint, ...(cause ? { cause } : {}) });
  const path = looksLikePath(spec) ? resolve(cwd, spec) : undefined;
  if (path && !existsSync(path)) {
    throw problem(
      'UNKNOWN_PLUGIN',
      `was not found: ${path} does not exist.`,
      `Paths are taken from the working directory (${cwd}): ${origin.fix}.`,
    );
  }
  let found: Awaited<ReturnType<typeof importPlugin>>;
  try {
    found = await (await import('./import-plugin.js')).importPlugin(spec, cwd);
  } catch (cause) {
    throw problem(
      'UNKNOWN_PLUGIN',
      `could not be loaded: ${errorInfo(cause).message}`,
      `The module must load in Node (its own dependencies installed) and default-export a skill-eval plugin; ${origin.fix}.`,
      cause,
    );
  }
  if (!found) return undefined;
  const plugin = found.value;
  if (plugin === undefined) {
    throw problem(
      'UNKNOWN_PLUGIN',
      'exports no plugin: the module has no default export.',
      `Default-export the plugin, or ${origin.fix}.`,
    );
  }
  if (typeof plugin === 'function') {
    throw problem(
      'PLUGIN_CONTRACT',
      'exports a function as its default export, not a plugin object.',
      `Default-export the plugin itself, e.g. export default defineEngine({ contract: 'engine-v1', … }); or ${origin.fix}.`,
    );
  }
  const contract = plugin && typeof plugin === 'object' ? (plugin as { contract?: unknown }).contract : undefined;
  if (!origin.contracts.includes(String(contract))) throw contractProblem(contract, origin, problem);
  const lacking = [
    ...(typeof (plugin as { id?: unknown }).id === 'string' ? [] : ['id (a string)']),
    ...MEMBERS.filter((member) => typeof (plugin as Record<string, unknown>)[member] !== 'function').map(
      (member) => `${member}()`,
    ),
  ];
  if (lacking.length > 0) {
    throw problem(
      'PLUGIN_CONTRACT',
      `is not a complete ${contract} plugin: it has no ${lacking.join(', no ')}.`,
      `A plugin has an id, parseSettings(raw) and create(settings); ${origin.fix}.`,
    );
  }
  return { plugin: plugin as AnyPlugin, url: found.url };
}

/** Why a default export's `contract` is not one `origin` takes: another kind, another version, or no contract. */
function contractProblem(
  contract: unknown,
  origin: PluginOrigin,
  problem: (code: 'UNKNOWN_PLUGIN' | 'PLUGIN_CONTRACT', message: string, hint: string) => SkillEvalError,
): SkillEvalError {
  const [, kind, version] = /^(format|engine|reporter)-(v\d+)$/.exec(String(contract)) ?? [];
  const ownContract = kind ? KINDS[kind] : undefined;
  if (ownContract !== undefined && ownContract === contract) {
    return problem(
      'PLUGIN_CONTRACT',
      `is a ${kind} plugin (contract '${contract}'); only ${origin.contracts.join(', ')} plugins are taken here.`,
      `Name it where ${kind} plugins go (the config's plugins list), or ${origin.fix}.`,
    );
  }
  if (ownContract) {
    return problem(
      'PLUGIN_CONTRACT',
      `declares contract '${contract}', which this skill-eval does not speak (its ${kind} plugins speak ${ownContract}).`,
      `Install a version of the plugin made for ${ownContract}, or a skill-eval that speaks ${kind}-${version}; or ${origin.fix}.`,
    );
  }
  return problem(
    'UNKNOWN_PLUGIN',
    `exports no skill-eval plugin: its default export declares contract ${JSON.stringify(contract)}.`,
    `A plugin declares one of ${origin.contracts.join(', ')}; ${origin.fix}.`,
  );
}
