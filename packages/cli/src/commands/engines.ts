import { isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  configuredSettings,
  configurePlugin,
  type EnginePlugin,
  errorInfo,
  isSkillEvalError,
  pluginStep,
  SkillEvalError,
} from '@skill-eval/core';
import { applyPolicy, engineEnv, findingLine } from '@skill-eval/runner';
import { type CredentialSources, withDotEnv } from '../credentials/credential-sources.js';
import { describeCredential } from '../engines/describe-credential.js';
import type { CommandIO } from '../io/io.js';
import { loadConfigPlugins } from '../plugins/build-registry.js';
import { BUNDLED_ENGINES } from '../plugins/bundled.js';
import { bundledPackageVersion } from '../plugins/bundled-package-version.js';
import { installedPluginPackages, resolveInstalled } from '../plugins/installed-packages.js';
import { loadPlugin } from '../plugins/load-plugin.js';
import { harnessVersion, packageVersionOf } from '../plugins/package-version.js';
import { refuseBundledId } from '../plugins/plugin-id-clash.js';
import { type Config, loadConfig } from '../policy/config.js';

export interface EnginesOptions {
  json?: boolean;
  config?: string;
  /** --trust: a config found in the project may load its plugins and use every setting. */
  trust?: boolean;
}

interface EngineStatus {
  id: string;
  aliases: string[];
  package: string;
  packageVersion: string | null;
  /** Version of the engine's program or SDK, when it is installed. */
  version: string | null;
  /** Why it cannot run here, when it cannot: not installed, or lacking what it needs in the environment (a key). */
  problem: string | null;
  /** What to do about the problem, as `run` says it: how to install the program, where to point to it. */
  hint: string | null;
  /** The credential it found and where (never its value): `API key OPENAI_API_KEY (.env)`. */
  credential: string | null;
}

/** An engine to report on: a bundled one, or one the config's plugins list names. */
interface Listed {
  id: string;
  aliases: string[];
  /** The npm package, or the path, it comes from. */
  package: string;
  packageVersion: string | undefined;
  load: () => Promise<EnginePlugin<any>>;
}

async function statusOf(entry: Listed, settings: unknown, found: CredentialSources): Promise<EngineStatus> {
  const { load, packageVersion, ...named } = entry;
  let credential: string | null = null;
  try {
    const plugin = await load();
    const engine = configurePlugin(plugin, settings ?? {});
    const env = engineEnv(found.env, engine.environment);
    // Named even when the program is missing: what it would run with is worth knowing before installing it.
    credential = describeCredential(engine.credential?.(env), found.sources);
    const version = await pluginStep(plugin, 'version()', () => engine.version());
    return {
      ...named,
      packageVersion: packageVersion ?? null,
      version,
      problem: engine.missingSetup?.(env) ?? null,
      hint: null,
      credential,
    };
  } catch (error) {
    return {
      ...named,
      packageVersion: packageVersion ?? null,
      version: null,
      problem: errorInfo(error).message,
      hint: (isSkillEvalError(error) && error.hint) || null,
      credential,
    };
  }
}

/**
 * An installed engine plugin package no config names (found by its name, `skill-eval-engine-<id>`): listed with
 * what it declares, or — when it cannot be loaded, or takes a bundled engine's id — with why it cannot run.
 */
async function discoveredEngine(name: string, cwd: string): Promise<Listed> {
  const named = `Engine plugin '${name}'`;
  const fallbackId = name.replace(/^(@skill-eval\/|skill-eval-)engine-/, '');
  try {
    const found = await loadPlugin(name, cwd, { named, fix: 'fix or uninstall it', contracts: ['engine-v1'] });
    if (!found) throw new Error(`${named} disappeared while it was listed.`);
    const plugin = found.plugin as EnginePlugin<any>;
    const listed = {
      id: plugin.id,
      aliases: [...(plugin.aliases ?? [])],
      package: name,
      packageVersion: packageVersionOf(found.url),
    };
    try {
      refuseBundledId(plugin, named, 'uninstall it');
    } catch (clash) {
      return { ...listed, id: fallbackId, load: () => Promise.reject(clash) };
    }
    return { ...listed, load: async () => plugin };
  } catch (error) {
    return { id: fallbackId, aliases: [], package: name, packageVersion: undefined, load: () => Promise.reject(error) };
  }
}

/**
 * An engine package installed inside the project (its node_modules) is as untrusted as a config found there: the
 * policy keeps it from being imported without --trust, and it is listed as not loaded, saying so.
 */
async function untrustedPackage(name: string, cwd: string, trust: boolean): Promise<Listed | undefined> {
  let file: string;
  try {
    const url = await resolveInstalled(name, cwd);
    if (!url) return undefined;
    file = fileURLToPath(url);
  } catch {
    return undefined; // discoveredEngine says what is wrong with it
  }
  const rel = relative(cwd, file);
  if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
  const use = { path: 'engines node_modules/*', value: name, named: `${name} (${rel})` };
  const [refused] = applyPolicy('found-config', [use], { trust }).refused;
  if (!refused) return undefined;
  const fallbackId = name.replace(/^(@skill-eval\/|skill-eval-)engine-/, '');
  const error = new SkillEvalError('UNTRUSTED', `${findingLine(refused)}; not loaded without --trust.`);
  return { id: fallbackId, aliases: [], package: name, packageVersion: undefined, load: () => Promise.reject(error) };
}

/**
 * The bundled engines, then those of the config's plugins list, then the engine plugin packages installed where
 * skill-eval looks for plugins (the project, beside skill-eval, the global packages) that nothing else listed.
 */
async function listedEngines(config: Config, cwd: string, trust: boolean): Promise<Listed[]> {
  const bundled = BUNDLED_ENGINES.map((entry) => ({
    id: entry.id,
    aliases: entry.aliases,
    package: entry.package,
    packageVersion: bundledPackageVersion(entry.package),
    load: async () => (await entry.load()).default,
  }));
  const configFile = config.file ? { configFile: config.file } : {};
  const plugins = await loadConfigPlugins({ plugins: config.plugins, cwd, ...configFile });
  const fromConfig = plugins
    .filter(({ plugin }) => plugin.contract === 'engine-v1')
    .map(({ spec, plugin, url }) => ({
      id: plugin.id,
      aliases: [...((plugin as EnginePlugin<any>).aliases ?? [])],
      package: spec,
      packageVersion: packageVersionOf(url),
      load: async () => plugin as EnginePlugin<any>,
    }));
  const listed = new Set([...bundled, ...fromConfig].map((entry) => entry.package));
  const installed = (await installedPluginPackages('engine', cwd)).filter((name) => !listed.has(name));
  const discovered = await Promise.all(
    installed.map(async (name) => (await untrustedPackage(name, cwd, trust)) ?? discoveredEngine(name, cwd)),
  );
  return [...bundled, ...fromConfig, ...discovered];
}

/** `skill-eval engines`: every known engine, whether it can run here, and its version. */
export async function enginesCommand(options: EnginesOptions, io: CommandIO): Promise<number> {
  const config = loadConfig(io.cwd, options.config, options.trust);
  const engines = await listedEngines(config, io.cwd, options.trust === true);
  // Only listed here, never sent anywhere: an endpoint a .env chose is shown as found.
  const found = withDotEnv(io.cwd, io.env, true);
  const statuses = await Promise.all(
    engines.map((e) => statusOf(e, configuredSettings(config.engineSettings, e), found)),
  );
  if (options.json) {
    io.stdout.write(`${JSON.stringify({ harnessVersion: harnessVersion(), engines: statuses }, null, 2)}\n`);
    return 0;
  }
  io.stdout.write(`skill-eval ${harnessVersion()}\n`);
  const width = Math.max(...statuses.map((s) => s.id.length));
  for (const s of statuses) {
    const state = s.problem ? `not ready ${s.problem}` : `ready     ${s.version}`;
    io.stdout.write(`  ${s.id.padEnd(width)}  ${`${s.package}@${s.packageVersion ?? '?'}`.padEnd(36)}  ${state}\n`);
    if (s.hint) io.stdout.write(`  ${' '.repeat(width)}  ${s.hint}\n`);
    if (s.credential) io.stdout.write(`  ${' '.repeat(width)}  credential: ${s.credential}\n`);
  }
  return 0;
}
