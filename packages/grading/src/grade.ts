import type {
  Case,
  CheckVerdict,
  CompletionRequest,
  CompletionResponse,
  JudgeFeedback,
  Session,
  Usage,
} from '@skill-eval/core';
import type { WorkspaceSnapshot } from './judge/workspace-snapshot.js';

/** A model that grades llm-rubric criteria: usually an engine's `complete()`. */
export interface Judge {
  /** Engine plugin id that answers the judge calls. */
  engine: string;
  /** Model the judge uses, when chosen. */
  model?: string;
  /** The judge engine's settings: another judge command or endpoint is another judge, to the result cache too. */
  settings?: unknown;
  /** The user chose the model (`--judge anthropic:<model>`): a case's own judge model does not replace it. */
  modelChosen?: boolean;
  /** The same judge asking another model, for a case that pins its own (skill-up `agent_judge.model`). */
  withModel?(model: string): Judge;
  /**
   * A judge that asks the models of another provider (skill-up's `agent_judge.model: openai/gpt-4.1`), for a case that
   * pins one; undefined when the run cannot make one, or the user chose the run's judge.
   */
  forProvider?(provider: string): Judge | undefined;
  /** One plain completion. */
  complete(request: CompletionRequest): Promise<CompletionResponse>;
  /** The judge of one case, where it differs by case (agent mode: the verdicts a person's agent wrote for it). */
  forCase?(testCase: Case): Judge;
}

/** Everything grading needs for one execution. */
export interface GradeInput {
  /** The case that was run. */
  testCase: Case;
  /** What the engine returned. */
  session: Session;
  /** Absolute path of the workspace after the run. */
  workspace: string;
  /** The workspace before the run (`snapshotWorkspace`): the judge then sees only what the agent created or changed. */
  workspaceBefore?: WorkspaceSnapshot;
  /** Judge for llm-rubric checks; required when the case has any. */
  judge?: Judge;
  /** Aborted when the run is interrupted. */
  signal?: AbortSignal;
  /** 1-based run number; seeds the judge's criteria order. */
  run?: number;
  /** The user passed --trust: checks that run code from the eval file (javascript, script) may run. */
  trust?: boolean;
  /** Environment for code a check runs: the execution's allowlisted child env with its isolated HOME. */
  env?: Record<string, string>;
}

/** The verdict on one execution. */
export interface Grade {
  /** `error` when the engine, a check or the judge failed: never a pass or a fail. */
  status: 'passed' | 'failed' | 'error';
  /** Weighted score 0..1. */
  score: number;
  /** Every verdict produced, gates first. */
  checks: CheckVerdict[];
  /** Judge that graded the llm-rubric checks, when one was called, and what its calls used and cost. */
  judge?: {
    engine: string;
    model?: string;
    promptVersion: string;
    usage?: Usage;
    costUsd?: number;
    /** The judge's remarks on the criteria themselves; they never change a verdict. */
    feedback?: JudgeFeedback;
  };
  /** Why the status is `error`. */
  error?: { code: string; message: string };
}
