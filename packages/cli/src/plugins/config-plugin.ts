import { type AnyPlugin, SkillEvalError } from '@skill-eval/core';
import { loadPlugin } from './load-plugin.js';

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
  const origin = {
    named: `Plugin '${spec}' in ${configFile ?? 'the config'}`,
    fix: `fix or remove '${spec}' in the config's plugins list`,
    contracts: CONTRACTS,
  };
  const found = await loadPlugin(spec, cwd, origin);
  if (found) return found;
  throw new SkillEvalError('UNKNOWN_PLUGIN', `${origin.named} is not installed.`, {
    hint: `Install it (npm install ${spec}), or ${origin.fix}.`,
  });
}
