import {
  type EnginePlugin,
  type EnvironmentPlugin,
  type FormatPlugin,
  JSON_EXTENSIONS,
  MARKDOWN_EXTENSIONS,
  normalizePluginId,
  type ReporterPlugin,
  YAML_EXTENSIONS,
} from '@skill-eval/core';

interface Bundled<P> {
  id: string;
  aliases: string[];
  /** The npm package that holds the plugin. */
  package: string;
  load: () => Promise<{ default: P }>;
  /** An engine that runs a program per execution (through engine-kit's process launcher). */
  startsPrograms?: boolean;
}

/** A bundled format, with the extensions of the files it reads (its readers' `extensions`), known without importing it. */
interface BundledFormat extends Bundled<FormatPlugin<any>> {
  extensions: readonly string[];
}

/**
 * First-party plugins the CLI ships with, imported only when used so that start-up stays light.
 * Ids and aliases are listed here so that lookup needs no import. A format is imported through its package's
 * `./plugin` entry, which holds what detection needs: its loader is imported only when a file is read with it, so
 * asking every YAML format about a file loads no loser's loader.
 */
export const BUNDLED_FORMATS: BundledFormat[] = [
  {
    id: 'evals-json',
    extensions: JSON_EXTENSIONS,
    aliases: [],
    package: '@skill-eval/format-evals-json',
    load: () => import('@skill-eval/format-evals-json/plugin'),
  },
  {
    id: 'eval-md',
    extensions: MARKDOWN_EXTENSIONS,
    aliases: ['skillkit'],
    package: '@skill-eval/format-eval-md',
    load: () => import('@skill-eval/format-eval-md/plugin'),
  },
  {
    id: 'triggers-json',
    extensions: JSON_EXTENSIONS,
    aliases: [],
    package: '@skill-eval/format-triggers-json',
    load: () => import('@skill-eval/format-triggers-json/plugin'),
  },
  {
    id: 'skillet',
    extensions: YAML_EXTENSIONS,
    aliases: [],
    package: '@skill-eval/format-skillet',
    load: () => import('@skill-eval/format-skillet/plugin'),
  },
  {
    id: 'skill-up',
    extensions: YAML_EXTENSIONS,
    aliases: ['skillup'],
    package: '@skill-eval/format-skill-up',
    load: () => import('@skill-eval/format-skill-up/plugin'),
  },
  {
    id: 'agentv',
    extensions: YAML_EXTENSIONS,
    aliases: [],
    package: '@skill-eval/format-agentv',
    load: () => import('@skill-eval/format-agentv/plugin'),
  },
  {
    id: 'claude-plugin-eval',
    // Claude Code reads case.yaml and prompt.md only (no .yml, no .markdown).
    extensions: ['.yaml', '.md'],
    aliases: ['claude-eval', 'claude-code-eval'],
    package: '@skill-eval/format-claude-plugin-eval',
    load: () => import('@skill-eval/format-claude-plugin-eval/plugin'),
  },
  {
    id: 'promptfoo',
    // promptfoo reads its data configs as YAML (JSON included); its JavaScript configs are code, never loaded.
    extensions: ['.yaml', '.yml', '.json'],
    aliases: [],
    package: '@skill-eval/format-promptfoo',
    load: () => import('@skill-eval/format-promptfoo/plugin'),
  },
];

export const BUNDLED_ENGINES: Bundled<EnginePlugin<any>>[] = [
  {
    id: 'claude-code',
    aliases: ['claude_code', 'claude'],
    package: '@skill-eval/engine-claude-code',
    startsPrograms: true,
    load: () => import('@skill-eval/engine-claude-code'),
  },
  {
    id: 'anthropic',
    aliases: ['anthropic-api', 'claude-api'],
    package: '@skill-eval/engine-anthropic',
    load: () => import('@skill-eval/engine-anthropic'),
  },
  {
    id: 'openai',
    aliases: ['openai-api'],
    package: '@skill-eval/engine-openai',
    load: () => import('@skill-eval/engine-openai'),
  },
  {
    id: 'codex',
    aliases: ['openai-codex'],
    package: '@skill-eval/engine-codex',
    startsPrograms: true,
    load: () => import('@skill-eval/engine-codex'),
  },
  {
    id: 'qodercli',
    aliases: ['qoder', 'qoder-cli'],
    package: '@skill-eval/engine-qodercli',
    startsPrograms: true,
    load: () => import('@skill-eval/engine-qodercli'),
  },
  {
    id: 'gemini-cli',
    aliases: ['gemini', 'gemini_cli'],
    package: '@skill-eval/engine-gemini-cli',
    startsPrograms: true,
    load: () => import('@skill-eval/engine-gemini-cli'),
  },
  {
    id: 'opencode',
    aliases: ['opencode-ai', 'open-code'],
    package: '@skill-eval/engine-opencode',
    startsPrograms: true,
    load: () => import('@skill-eval/engine-opencode'),
  },
  {
    id: 'copilot',
    aliases: ['github-copilot', 'copilot-cli'],
    package: '@skill-eval/engine-copilot',
    startsPrograms: true,
    load: () => import('@skill-eval/engine-copilot'),
  },
  {
    id: 'command',
    aliases: ['custom', 'local'],
    package: '@skill-eval/engine-command',
    startsPrograms: true,
    load: () => import('@skill-eval/engine-command'),
  },
];

export const BUNDLED_REPORTERS: Bundled<ReporterPlugin<any>>[] = [
  { id: 'console', aliases: [], package: '@skill-eval/report', load: () => import('@skill-eval/report') },
  {
    id: 'junit',
    aliases: [],
    package: '@skill-eval/report',
    load: async () => ({ default: (await import('@skill-eval/report')).junitReporter }),
  },
  {
    id: 'skill-creator',
    aliases: [],
    package: '@skill-eval/report',
    load: async () => ({ default: (await import('@skill-eval/report')).skillCreatorReporter }),
  },
  {
    id: 'github-summary',
    aliases: [],
    package: '@skill-eval/report',
    load: async () => ({ default: (await import('@skill-eval/report')).githubSummaryReporter }),
  },
  {
    id: 'github-annotations',
    aliases: [],
    package: '@skill-eval/report',
    load: async () => ({ default: (await import('@skill-eval/report')).githubAnnotationsReporter }),
  },
  { id: 'html', aliases: [], package: '@skill-eval/report-html', load: () => import('@skill-eval/report-html') },
];

/** Where executions run besides the host: containers and sandboxes. */
export const BUNDLED_ENVIRONMENTS: Bundled<EnvironmentPlugin<any>>[] = [
  {
    id: 'docker',
    aliases: [],
    package: '@skill-eval/environment-docker',
    load: () => import('@skill-eval/environment-docker'),
  },
  {
    id: 'opensandbox',
    aliases: [],
    package: '@skill-eval/environment-opensandbox',
    load: () => import('@skill-eval/environment-opensandbox'),
  },
];

/** The plugin of `bundled` an id or alias names (compared as the registry compares them). */
function named<B extends { id: string; aliases: string[] }>(bundled: readonly B[], spec: string): B | undefined {
  const id = normalizePluginId(spec);
  return bundled.find((b) => b.id === id || b.aliases.map(normalizePluginId).includes(id));
}

/** The bundled engine an id or alias names. */
export const bundledEngine = (spec: string): Bundled<EnginePlugin<any>> | undefined => named(BUNDLED_ENGINES, spec);

/** The bundled format an id or alias names. */
export const bundledFormat = (spec: string): BundledFormat | undefined => named(BUNDLED_FORMATS, spec);

/** The bundled environment an id or alias names. */
export const bundledEnvironment = (spec: string): Bundled<EnvironmentPlugin<any>> | undefined =>
  named(BUNDLED_ENVIRONMENTS, spec);
