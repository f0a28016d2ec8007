import type { Reporter } from '@skill-eval/core';
import { ANY_ENDPOINT_VARIABLE, MODEL_ENDPOINT_VARIABLES, type ModelApi, SkillEvalError } from '@skill-eval/core';
import type { Judge } from '@skill-eval/grading';
import type { EngineTarget, ExecutionRoute } from '@skill-eval/runner';
import type { CommandIO } from '../io/io.js';

/** The API family a judge engine's endpoint belongs to, by plugin id: which base URL variable it reads. */
export type EndpointFamily = ModelApi;

const FAMILIES: Record<string, EndpointFamily> = {
  anthropic: 'anthropic',
  'claude-code': 'anthropic',
  openai: 'openai',
  codex: 'openai',
  'gemini-cli': 'gemini',
  // Copilot CLI on a bring-your-own-key provider of its default type, `openai` (see copilot-route.ts).
  copilot: 'openai',
};

/** The family of an engine plugin, when its endpoint can be redirected. */
export const endpointFamily = (pluginId: string): EndpointFamily | undefined => FAMILIES[pluginId];

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
 * Record and replay send each engine to its model through the base URL variables (core's MODEL_ENDPOINTS), so an engine whose own
 * `baseUrl` setting wins over them would slip past: such a run is refused rather than half recorded.
 */
export function assertRoutable(context: TrafficContext, flag: string): void {
  for (const target of context.engines) {
    const baseUrl = (target.settings as { baseUrl?: unknown } | undefined)?.baseUrl;
    if (baseUrl !== undefined) {
      throw new SkillEvalError(
        'USAGE',
        `${flag} cannot redirect engine ${target.id}: its baseUrl setting wins over ${MODEL_ENDPOINT_VARIABLES.join(' / ')}.`,
        {
          hint: `Drop the baseUrl setting and set ${ANY_ENDPOINT_VARIABLE} to that endpoint instead.`,
        },
      );
    }
  }
}
