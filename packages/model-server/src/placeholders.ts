import type { FakeResponse } from './script.js';

/**
 * The agent's working directory as the request states it: Claude Code's and engine-anthropic's
 * "Primary working directory: X" line, or codex's `<cwd>X</cwd>` environment context.
 */
export function workingDirectory(bodyText: string): string | undefined {
  const match = /Primary working directory: ([^\s"\\]+)/.exec(bodyText) ?? /<cwd>([^<"\\]+)<\/cwd>/.exec(bodyText);
  return match?.[1];
}

function fill(value: unknown, cwd: string): unknown {
  if (typeof value === 'string') return value.replaceAll('{{cwd}}', cwd);
  if (Array.isArray(value)) return value.map((item) => fill(item, cwd));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, cwd)]));
  }
  return value;
}

/**
 * Replaces `{{cwd}}` in scripted tool-call inputs with the request's working directory, so one
 * script can name absolute paths (Claude Code's Write needs them) in a workspace made at run time.
 */
export function fillPlaceholders(response: FakeResponse, bodyText: string): FakeResponse {
  if (!response.toolCalls?.length) return response;
  const cwd = workingDirectory(bodyText);
  if (!cwd) return response;
  return {
    ...response,
    toolCalls: response.toolCalls.map((call) => ({ ...call, input: fill(call.input, cwd) as typeof call.input })),
  };
}
