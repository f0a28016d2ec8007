import type { Case, Environment, PlannedExecution, Redactor, SessionEvent, SkillRef } from '@skill-eval/core';
import type { CopyLimits } from '@skill-eval/engine-kit/agent-files';
import type { Judge, TriggerDetection } from '@skill-eval/grading';
import type { ResultStore } from './result-store.js';
import type { Slot } from './scheduler.js';

/** What every execution of a run shares. */
export interface ExecutionContext {
  /** Each event of each execution as the engine records it (for --verbose). */
  onEvent?: (execution: PlannedExecution, event: SessionEvent) => void;
  store: ResultStore;
  redact: Redactor;
  judge?: Judge;
  /** Source environment the child env is filtered from. */
  env: Record<string, string | undefined>;
  timeoutSeconds?: number;
  maxTurns?: number;
  /** The run's signal: aborting it interrupts this execution. */
  signal: AbortSignal;
  keepWorkspaces: boolean;
  /** The user passed --trust: checks that run code from eval files may run. */
  trust: boolean;
  /** Parent of the temp workspaces (default os.tmpdir()). */
  tempDir?: string;
  /** How long past its timeout (or an interrupt) an engine may take to return before it is abandoned. */
  graceMs: number;
  /** Version of skill-eval, recorded on every result. */
  harnessVersion?: string;
  /** How trigger cases detect firing; overrides the case's own `triggerDetection` (default any-tool). */
  triggerDetection?: TriggerDetection;
  /** Caps of what one execution copies into the run directory (artifacts, transcripts, logs). */
  artifactLimits?: CopyLimits;
  /** Every file that grades the run's skills (eval-material.ts): left out of each staged skill. */
  evalMaterial?: ReadonlySet<string>;
  /** The older skill the `baseline` variant stages in place of the skill under test. */
  baselineSkill?: SkillRef;
  /** Where a case's executions run (a container, a remote sandbox); on the host when it gives none. */
  environment?: (testCase: Case) => Environment | undefined;
  /** The execution's run slot, which it may give back once its engine has ended (see finishes-outside-slot.ts). */
  slot?: Slot;
}

export const DEFAULT_TIMEOUT_SECONDS = 600;
