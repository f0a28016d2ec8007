import type { EnginePlugin, FormatPlugin, ReporterPlugin } from '@skill-eval/core';

interface Bundled<P> {
  id: string;
  aliases: string[];
  load: () => Promise<{ default: P }>;
}

/**
 * First-party plugins the CLI ships with, imported only when used so that start-up stays light.
 * Ids and aliases are listed here so that lookup needs no import.
 */
export const BUNDLED_FORMATS: Bundled<FormatPlugin<any>>[] = [
  { id: 'evals-json', aliases: [], load: () => import('@skill-eval/format-evals-json') },
  { id: 'eval-md', aliases: ['skillkit'], load: () => import('@skill-eval/format-eval-md') },
  { id: 'triggers-json', aliases: [], load: () => import('@skill-eval/format-triggers-json') },
  { id: 'skillet', aliases: [], load: () => import('@skill-eval/format-skillet') },
  { id: 'skill-up', aliases: ['skillup'], load: () => import('@skill-eval/format-skill-up') },
  { id: 'agentv', aliases: [], load: () => import('@skill-eval/format-agentv') },
];

export const BUNDLED_ENGINES: Bundled<EnginePlugin<any>>[] = [
  { id: 'claude-code', aliases: ['claude_code', 'claude'], load: () => import('@skill-eval/engine-claude-code') },
  { id: 'anthropic', aliases: ['anthropic-api', 'claude-api'], load: () => import('@skill-eval/engine-anthropic') },
  { id: 'openai', aliases: ['openai-api'], load: () => import('@skill-eval/engine-openai') },
  { id: 'codex', aliases: ['openai-codex'], load: () => import('@skill-eval/engine-codex') },
  { id: 'qodercli', aliases: ['qoder', 'qoder-cli'], load: () => import('@skill-eval/engine-qodercli') },
  { id: 'command', aliases: ['custom', 'local'], load: () => import('@skill-eval/engine-command') },
];

export const BUNDLED_REPORTERS: Bundled<ReporterPlugin<any>>[] = [
  { id: 'console', aliases: [], load: () => import('@skill-eval/report') },
];
