import { SkillEvalError } from './errors.js';
import type { AnyPlugin, EnginePlugin, EnvironmentPlugin, FormatPlugin, ReporterPlugin } from './plugin.js';

export interface RegistryInput {
  formats?: readonly FormatPlugin<any>[];
  engines?: readonly EnginePlugin<any>[];
  reporters?: readonly ReporterPlugin<any>[];
  environments?: readonly EnvironmentPlugin<any>[];
  /**
   * Ends the message for an unknown id, given the ids that exist: the CLI's "Did you mean …?" (core carries no
   * edit-distance code of its own).
   */
  suggest?: (id: string, known: readonly string[]) => string;
}

export interface Registry {
  readonly formats: readonly FormatPlugin<any>[];
  readonly engines: readonly EnginePlugin<any>[];
  readonly reporters: readonly ReporterPlugin<any>[];
  readonly environments: readonly EnvironmentPlugin<any>[];
  format(id: string): FormatPlugin<any>;
  engine(id: string): EnginePlugin<any>;
  reporter(id: string): ReporterPlugin<any>;
  environment(id: string): EnvironmentPlugin<any>;
  hasEngine(id: string): boolean;
}

type Kind = 'format' | 'engine' | 'reporter' | 'environment';
const CONTRACTS: Record<Kind, string> = {
  format: 'format-v1',
  engine: 'engine-v1',
  reporter: 'reporter-v1',
  environment: 'environment-v1',
};

/** `claude_code`, `Claude-Code` and `claude-code` name the same plugin. */
export const normalizePluginId = (id: string): string => id.trim().toLowerCase().replaceAll('_', '-');

/** The npm packages a plugin id is looked up in, in order. */
export function pluginPackageNames(kind: Kind, id: string): string[] {
  const norm = normalizePluginId(id);
  return [`@skill-eval/${kind}-${norm}`, `skill-eval-${kind}-${norm}`];
}

function assertContract(kind: Kind, plugin: AnyPlugin): void {
  if (!plugin || typeof plugin !== 'object' || plugin.contract !== CONTRACTS[kind]) {
    const got =
      plugin && typeof plugin === 'object' ? String((plugin as { contract?: unknown }).contract) : typeof plugin;
    throw new SkillEvalError(
      'PLUGIN_CONTRACT',
      `A ${kind} plugin must declare contract '${CONTRACTS[kind]}', got '${got}'.`,
      { hint: 'Upgrade the plugin or skill-eval so that both speak the same contract version.' },
    );
  }
}

function index<P extends AnyPlugin & { aliases?: readonly string[] }>(
  kind: Kind,
  plugins: readonly P[],
): Map<string, P> {
  const byId = new Map<string, P>();
  for (const plugin of plugins) {
    assertContract(kind, plugin);
    for (const name of [plugin.id, ...(plugin.aliases ?? [])]) {
      const key = normalizePluginId(name);
      const existing = byId.get(key);
      if (existing && existing !== plugin) {
        throw new SkillEvalError('PLUGIN_CONTRACT', `Two ${kind} plugins claim the id '${name}'.`);
      }
      byId.set(key, plugin);
    }
  }
  return byId;
}

/** The one way plugins enter skill-eval. Unknown ids fail with the ids that exist and the package to install. */
export function createRegistry(input: RegistryInput): Registry {
  const formats = index('format', input.formats ?? []);
  const engines = index('engine', input.engines ?? []);
  const reporters = index('reporter', input.reporters ?? []);
  const environments = index('environment', input.environments ?? []);

  function lookup<P extends AnyPlugin>(kind: Kind, map: Map<string, P>, id: string): P {
    const plugin = map.get(normalizePluginId(id));
    if (plugin) return plugin;
    const known = [...new Set([...map.values()].map((p) => p.id))].sort();
    const [scoped, unscoped] = pluginPackageNames(kind, id);
    throw new SkillEvalError(
      'UNKNOWN_PLUGIN',
      `Unknown ${kind} '${id}'. Known ${kind}s: ${known.join(', ') || '(none)'}.${input.suggest?.(id, known) ?? ''}`,
      {
        // Engines and environments are looked up by package name from the command line; others come from the config.
        hint:
          kind === 'engine' || kind === 'environment'
            ? `Install ${scoped} (or ${unscoped}) and name it in --${kind} or in the config's plugins list.`
            : `Install ${scoped} (or ${unscoped}) and add it to the plugins list of skill-eval.config.json.`,
      },
    );
  }

  return {
    formats: [...new Set(formats.values())],
    engines: [...new Set(engines.values())],
    reporters: [...new Set(reporters.values())],
    environments: [...new Set(environments.values())],
    format: (id) => lookup('format', formats, id),
    engine: (id) => lookup('engine', engines, id),
    reporter: (id) => lookup('reporter', reporters, id),
    environment: (id) => lookup('environment', environments, id),
    hasEngine: (id) => engines.has(normalizePluginId(id)),
  };
}
