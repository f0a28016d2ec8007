import type { Check } from '@skill-eval/core';
import { isRecord } from './context.js';

/** An AgentV chat message as a grader reads it. */
interface Message {
  role: string;
  content: unknown;
}

/** What AgentV tells a code grader about its test: the `criteria`, `expected_output`, `input` and `metadata`. */
export interface GraderPayload {
  criteria: string;
  expectedOutput: Message[];
  input: Message[];
  metadata: Record<string, unknown> | null;
}

/**
 * The test's part of AgentV's code-grader payload, as `yaml-parser.ts` resolves it: `expected_output` and `input`
 * as message lists (a string is one message of the assistant, of the user), `criteria` as written ('' without).
 */
export function graderPayload(
  test: Record<string, unknown>,
  turns: { system?: string; turns: string[] },
  reference: string | undefined,
): GraderPayload {
  const expected = test.expected_output;
  const expectedOutput = isMessageList(expected)
    ? expected
    : reference === undefined
      ? []
      : [{ role: 'assistant', content: reference }];
  return {
    criteria: typeof test.criteria === 'string' ? test.criteria : '',
    expectedOutput,
    input: [
      ...(turns.system ? [{ role: 'system', content: turns.system }] : []),
      ...turns.turns.map((content) => ({ role: 'user', content })),
    ],
    metadata: isRecord(test.metadata) ? test.metadata : null,
  };
}

/** The checks with the test's payload on every code grader, in groups too. */
export function withGraderPayload(checks: Check[], payload: GraderPayload): Check[] {
  return checks.map((check) => {
    if (check.type === 'code-grader') return { ...check, payload };
    return Array.isArray(check.checks)
      ? { ...check, checks: withGraderPayload(check.checks as Check[], payload) }
      : check;
  });
}

const isMessageList = (value: unknown): value is Message[] =>
  Array.isArray(value) && value.length > 0 && value.every((m) => isRecord(m) && typeof m.role === 'string');
