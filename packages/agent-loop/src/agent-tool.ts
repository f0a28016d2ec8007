import type { SkillInvocation } from '@skill-eval/core';
import type { ToolDefinition } from './model-client.js';

/** What a tool returns. */
export interface ToolOutcome {
  output: string;
  isError: boolean;
}

/** A tool the agent loop can offer and run. */
export interface AgentTool {
  definition: ToolDefinition;
  /** Name its calls are recorded under in the Session, when not the model-facing one (MCP tools: `server::tool`). */
  reportAs?: string;
  /**
   * The staged skill a call with this input loads, and how (`tool`: the Skill tool; `file-read`: its SKILL.md read).
   * Its `skill` event is recorded right with the call, before the tool runs, as the CLI engines record theirs — so a
   * run stopped at the call still shows the signal.
   */
  skillOf?(input: unknown): SkillInvocation | undefined;
  run(input: unknown): Promise<ToolOutcome>;
}

/** A tool failure the model should see (bad input, path outside the workspace), not a harness crash. */
export class ToolError extends Error {
  override readonly name = 'ToolError';
}

/**
 * Why a tool input cannot be run, or undefined when it is a JSON object, the only input any tool takes. The OpenAI
 * APIs send arguments as text, so arguments that are not valid JSON arrive here as that text.
 */
export function inputProblem(input: unknown): string | undefined {
  if (input !== null && typeof input === 'object' && !Array.isArray(input)) return undefined;
  const given =
    typeof input === 'string'
      ? `the text ${JSON.stringify(input.length > 200 ? `${input.slice(0, 200)}…` : input)}`
      : input === null
        ? 'null'
        : Array.isArray(input)
          ? 'an array'
          : `a ${typeof input}`;
  return `Tool input must be one JSON object of arguments, but it was ${given}.`;
}

/** Reads a string field of a tool input, or throws a ToolError naming it. */
export function stringField(input: unknown, field: string, required: true): string;
export function stringField(input: unknown, field: string, required: false): string | undefined;
export function stringField(input: unknown, field: string, required: boolean): string | undefined {
  const value = input && typeof input === 'object' ? (input as Record<string, unknown>)[field] : undefined;
  if (value === undefined || value === null) {
    if (required) throw new ToolError(`Missing required string field "${field}".`);
    return undefined;
  }
  if (typeof value !== 'string') throw new ToolError(`Field "${field}" must be a string.`);
  return value;
}
