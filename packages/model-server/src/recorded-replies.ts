import type { RecordedExchange } from './exchange.js';

/** What a replayed request is matched on. */
export interface ReplayKey {
  method: string;
  path: string;
  /** Requested model, for model API calls. */
  model?: string;
  /** Model turns already in the request, for model API calls. */
  step?: number;
}

/**
 * Recorded exchanges handed out once each, per scope. A request takes the first unused exchange with its method,
 * path, model and step; failing that, the first unused one with its method, path and model — so side requests a
 * client sends in parallel (a title, a token count) cannot steal each other's answers, and arrival order decides
 * the rest.
 */
export class RecordedReplies {
  private readonly left = new Map<string, RecordedExchange[]>();
  private readonly recorded = new Map<string, readonly RecordedExchange[]>();

  constructor(recorded: Record<string, readonly RecordedExchange[]>) {
    for (const [scope, exchanges] of Object.entries(recorded)) {
      this.left.set(scope, [...exchanges]);
      this.recorded.set(scope, exchanges);
    }
  }

  /** The exchange that answers this request, or why there is none. */
  take(scope: string | undefined, key: ReplayKey): { exchange: RecordedExchange } | { problem: string } {
    const exchanges = scope === undefined ? undefined : this.left.get(scope);
    if (!exchanges) {
      return {
        problem:
          scope === undefined
            ? `replay: the request ${key.method} ${key.path} names no execution (expected /x/<execution>/…)`
            : `replay: nothing was recorded for ${scope}`,
      };
    }
    const route = (e: RecordedExchange) => e.method === key.method && e.path === key.path;
    // Another model's answers are never this model's: only a request or an exchange naming no model may differ.
    const sameModel = (e: RecordedExchange) =>
      route(e) && (e.model === key.model || e.model === undefined || key.model === undefined);
    const exact = exchanges.findIndex((e) => route(e) && e.model === key.model && e.step === key.step);
    const index = exact >= 0 ? exact : exchanges.findIndex(sameModel);
    if (index < 0) return { problem: this.missing(scope!, key) };
    return { exchange: exchanges.splice(index, 1)[0]! };
  }

  /** Why no recorded exchange answers the request: another model was recorded, or none is left. */
  private missing(scope: string, key: ReplayKey): string {
    const recordedModels = new Set(
      this.recorded
        .get(scope)!
        .filter((e) => e.method === key.method && e.path === key.path)
        .map((e) => e.model),
    );
    if (key.model !== undefined && recordedModels.size && !recordedModels.has(key.model)) {
      return `replay: ${scope} recorded ${key.method} ${key.path} for model ${[...recordedModels].join(', ')}, not ${key.model}; the run asks another model than the recorded run did`;
    }
    const turn = key.step === undefined ? '' : ` (model ${key.model}, step ${key.step})`;
    return `replay: ${scope} has no recorded answer left for ${key.method} ${key.path}${turn}; the run asked something the recorded run did not`;
  }
}
