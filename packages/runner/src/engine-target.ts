import type { Engine } from '@skill-eval/core';

/** An engine to run cases on, with the model chosen for it. */
export interface EngineTarget {
  /** Id used in results and execution ids (usually the engine plugin id). */
  id: string;
  engine: Engine;
  /** Model to ask for; the engine's default when absent. */
  model?: string;
  /** Version of the engine's program or SDK, when known before the run. */
  version?: string;
  /** Version of the engine plugin package. */
  packageVersion?: string;
  /** Ids of the suites this target runs; all suites when absent. */
  suites?: string[];
  /** The engine's parsed settings; part of the result cache key. */
  settings?: unknown;
}
