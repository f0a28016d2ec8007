import type { ToolCall } from '@skill-eval/core';
import type { RunFailure } from './run-record.js';

/**
 * What a tool's output says when the environment, not the agent, made the call fail: the sandbox could not start the
 * command (bubblewrap, codex's `codex-linux-sandbox` helper, macOS `sandbox-exec`, Landlock), or the permission mode
 * refuses the tool before it runs (claude, qodercli).
 */
const ENVIRONMENT_SIGNS: readonly RegExp[] = [
  /^bwrap: .+$/m,
  /^.*codex-linux-sandbox.*$/m,
  /^sandbox-exec: .+$/m,
  /^.*\b(?:landlock|seccomp)\b.*\b(?:failed|not supported|unsupported)\b.*$/im,
  /^.*you haven't granted it yet.*$/m,
];

/** The line of `output` that shows an environment failure, if any. */
function environmentSign(output: string | undefined): string | undefined {
  if (!output) return undefined;
  for (const sign of ENVIRONMENT_SIGNS) {
    const line = sign.exec(output)?.[0]?.trim();
    if (line) return line;
  }
  return undefined;
}

/**
 * The failure of a run in which every tool call failed for a reason of the environment: the agent could do nothing, so
 * whatever checks would say about it is no verdict on the skill. Undefined when any call succeeded or failed otherwise.
 */
export function toolEnvironmentFailure(toolCalls: readonly ToolCall[]): RunFailure | undefined {
  if (toolCalls.length === 0) return undefined;
  const signs = toolCalls.map((call) => (call.isError ? environmentSign(call.output) : undefined));
  if (signs.some((sign) => sign === undefined)) return undefined;
  const calls = toolCalls.length === 1 ? 'its one tool call' : `all ${toolCalls.length} of its tool calls`;
  return {
    status: 'error',
    code: 'ENVIRONMENT_FAILED',
    message: `The agent's tools cannot run here: ${calls} failed with "${signs[0]}". This is no verdict on the skill: fix the sandbox or permissions the engine runs its tools with.`,
  };
}
