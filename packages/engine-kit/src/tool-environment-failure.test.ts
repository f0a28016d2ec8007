import type { ToolCall } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { toolEnvironmentFailure } from './tool-environment-failure.js';

const call = (output: string, isError = true): ToolCall => ({
  id: 'c',
  name: 'exec_command',
  input: {},
  output,
  isError,
});
const BWRAP = 'Process exited with code 1\nOutput:\nbwrap: execvp codex-linux-sandbox: No such file or directory\n';
const REFUSED = "Claude requested permissions to write to /ws/a.txt, but you haven't granted it yet.";

describe('toolEnvironmentFailure', () => {
  it('names the cause when every tool call failed because of the sandbox or the permission mode', () => {
    expect(toolEnvironmentFailure([call(BWRAP), call(BWRAP)])).toEqual({
      status: 'error',
      code: 'ENVIRONMENT_FAILED',
      message: expect.stringContaining(
        'all 2 of its tool calls failed with "bwrap: execvp codex-linux-sandbox: No such file or directory"',
      ),
    });
    expect(toolEnvironmentFailure([call(REFUSED)])?.message).toContain(`its one tool call failed with "${REFUSED}"`);
    expect(toolEnvironmentFailure([call('sandbox-exec: sandbox_apply: Operation not permitted')])?.code).toBe(
      'ENVIRONMENT_FAILED',
    );
  });

  it('is no failure when a call succeeded, failed for another reason, or there were no calls', () => {
    expect(toolEnvironmentFailure([])).toBeUndefined();
    expect(toolEnvironmentFailure([call(BWRAP), call('ok', false)])).toBeUndefined();
    expect(toolEnvironmentFailure([call(BWRAP), call('cat: x: No such file or directory')])).toBeUndefined();
    // An output that mentions the helper without failing is the agent's business.
    expect(toolEnvironmentFailure([call('see codex-linux-sandbox --help', false)])).toBeUndefined();
  });
});
