import type { EngineRunInput } from '@skill-eval/core';

/** One message of skill-up's SessionInput. */
export interface SessionMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
}

/** skill-up's SessionInput, as written to `${input_file}` (snake_case keys, as the contract spells them). */
export interface SessionInputJson {
  case_id: string;
  variant: string;
  workspace: string;
  model?: string;
  kwargs: Record<string, string>;
  /** The whole conversation so far; the agent continues from the last user message. */
  messages: SessionMessage[];
  max_turns?: number;
  timeout_seconds: number;
  /** Skills staged in the workspace (a skill-eval addition). */
  skills: { name: string; dir: string }[];
}

/**
 * Case id and variant of a run. EngineRunInput carries neither, so they are read from fields a newer runner may
 * add, else from the execution id (`<suite>--<case>--<engine>--<variant>--r<n>`, slugified), else guessed.
 */
export function runIdentity(input: EngineRunInput): { caseId: string; variant: string } {
  const extra = input as EngineRunInput & { caseId?: unknown; variant?: unknown };
  const parts = input.executionId.split('--');
  const planned = parts.length >= 5 && /^with(out)?_skill$/.test(parts[3]!);
  const caseId = typeof extra.caseId === 'string' ? extra.caseId : planned ? parts[1]! : input.executionId;
  const variant =
    typeof extra.variant === 'string'
      ? extra.variant
      : planned
        ? parts[3]!
        : input.skills.length > 0
          ? 'with_skill'
          : 'without_skill';
  return { caseId, variant };
}
