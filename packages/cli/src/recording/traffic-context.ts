import type { Reporter } from '@skill-eval/core';
import { SkillEvalError } from '@skill-eval/core';
import type { Judge } from '@skill-eval/grading';
import type { EngineTarget, ExecutionRoute } from '@skill-eval/runner';
import type { CommandIO } from '../io/io.js';

/** The API family an engine's endpoint belongs to, by plugin id: which base URL variable it reads. */
export type EndpointFamily = 'anthropic' | 'openai';

const FAMILIES: Record<string, EndpointFamily> = {
  anthropic: 'anthropic',
  'claude-code': 'anthropic',
  openai: 'openai',
  codex: 'openai',
  // Copilot CLI on a bring-your-own-key provider of its default type, `openai` (see copilot-route.ts).
  copilot: 'openai',
};

/** The family of an engine plugin, when its endpoint can be redirected. */
export const endpointFamily = (pluginId: string): EndpointFamily | undefined => FAMILIES[pluginId];

/** Where an API family goes when nothing else is set. */
export const DEFAULT_ENDPOINTS: Record<EndpointFamily, string> = {
  anthropic: 'https://api.anthropic.com',
  openai: 'https://api.openai.com/v1',
};

/** The environment variable holding a family's base URL. */
export const BASE_URL_VARIABLE: Record<EndpointFamily, string> = {
  anthropic: 'ANTHROPIC_BASE_URL',
  openai: 'OPENAI_BASE_URL',
};

/** How the run's judge is rebuilt to talk to another endpoint. */
export interface RoutableJudge {
  /** Plugin id of the judge engine. */
  engineId: string;
  /** The judge engine's own `baseUrl` setting, if any. */
  baseUrl?: string;
  /** The judge engine's parsed settings (copilot's `provider`, see copilot-route.ts). */
  settings?: unknown;
  /** The judge with its engine's `baseUrl` set, running with `env` (for judges that run as a task). */
  create(baseUrl: string, env: Record<string, string | undefined>): Judge;
}

/** What record or replay adds to a run. */
export interface ModelTraffic {
  route: ExecutionRoute;
  reporters: Reporter[];
  /** Stops the proxy or server; called after the run. */
  close(): Promise<void>;
}

/** What both modes need from the run command. */
export interface TrafficContext {
  io: CommandIO;
  outDir: string;
  engines: readonly EngineTarget[];
  judge?: RoutableJudge;
}

/**
 * Record and replay send each engine to its model through the base URL variables, so an engine whose own
 * `baseUrl` setting wins over them would slip past: such a run is refused rather than half recorded.
 */
export function assertRoutable(context: TrafficContext, flag: string): void {
  for (const target of context.engines) {
    const baseUrl = (target.settings as { baseUrl?: unknown } | undefined)?.baseUrl;
    if (baseUrl !== undefined) {
      throw new SkillEvalError(
        'USAGE',
        `${flag} cannot redirect engine ${target.id}: its baseUrl setting wins over ANTHROPIC_BASE_URL / OPENAI_BASE_URL.`,
        {
          hint: 'Drop the baseUrl setting and set ANTHROPIC_BASE_URL or OPENAI_BASE_URL to that endpoint instead.',
        },
      );
    }
  }
}
