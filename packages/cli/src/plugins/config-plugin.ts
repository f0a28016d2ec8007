import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { type AnyPlugin, errorInfo, SkillEvalError } from '@skill-eval/core';
import { importPlugin, looksLikePath } from './import-plugin.js';

/** The contracts a plugin module's default export may declare. */
const CONTRACTS = ['format-v1', 'engine-v1', 'reporter-v1'];

/**
 * Loads a plugin that the config's `plugins` list names (`configFile`, when there is one). A path that is not there, a
 * package that is not installed, a module that fails to load or exports no plugin is the config's fault: a usage
 * error naming the config, the plugin and what to do, never a stack trace.
 */
export async function loadConfigPlugin(
  spec: string,
  cwd: string,
  configFile: string | undefined,
): Promise<{ plugin: AnyPlugin; url: string }> {
  const named = `Plugin '${spec}' in ${configFile ?? 'the config'}`;
  const fix = `fix or remove '${spec}' in the config's plugins list`;
  const problem = (message: string, hint: string, cause?: unknown) =>
    new SkillEvalError('UNKNOWN_PLUGIN', `${named} ${message}`, { hint, ...(cause ? { cause } : {}) });
  const path = looksLikePath(spec) ? resolve(cwd, spec) : undefined;
  if (path && !existsSync(path)) {
    throw problem(
      `was not found: ${path} does not exist.`,
      `Paths in plugins are taken from the working directory (${cwd}): ${fix}.`,
    );
  }
  let found: Awaited<ReturnType<typeof importPlugin>>;
  try {
    found = await importPlugin(spec, cwd);
  } catch (cause) {
    throw problem(
      `could not be loaded: ${errorInfo(cause).message}`,
      `The module must load in Node and default-export a skill-eval plugin; ${fix}.`,
      cause,
    );
  }
  if (!found) {
    throw path
      ? problem('exports no plugin: the module has no default export.', `Default-export the plugin, or ${fix}.`)
      : problem('is not installed.', `Install it (npm install ${spec}), or ${fix}.`);
  }
  const contract = (found.plugin as { contract?: unknown }).contract;
  if (!CONTRACTS.includes(String(contract))) {
    throw problem(
      `exports no skill-eval plugin: its default export declares contract ${JSON.stringify(contract)}.`,
      `A plugin declares one of ${CONTRACTS.join(', ')}; ${fix}.`,
    );
  }
  return found;
}
