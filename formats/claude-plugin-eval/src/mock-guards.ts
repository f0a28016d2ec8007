import type { Check, McpServerInput } from '@skill-eval/core';
import type { CaseDiagnostics, Where } from './diagnostics.js';
import { isPlainMap } from './located.js';

/*
 * A responder's `expect:` as Claude Code 2.1.330 reads it: the schema `du` (a string, number or boolean made text, a
 * list of them, or a map of more) and its checks at load (`function tzs`, `function q`: at most 32 guards, counting
 * each list as one; no empty list). A `/regex/` guard is checked in a small regex dialect of its own with a matching
 * budget (`function G`), which skill-eval's mocked server does not follow: such a responder is refused here.
 */

/** Binary `var j=32`: the guards one responder may carry. */
const MAX_GUARDS = 32;
/** How the binary tells a `/regex/` guard (`/^\/.*\/[a-z]*$/s`). */
const REGEX_GUARD = /^\/.*\/[a-z]*$/s;

type Guards = { [key: string]: string | string[] | Guards };

/** The guards of `expect` (located at `at`), their values as text; undefined when they cannot be used (diagnosed). */
export function readMockGuards(
  name: string,
  expect: unknown,
  at: Where,
  diagnostics: CaseDiagnostics,
): Guards | undefined {
  const refuse = (rule: 'wrong-type' | 'mock-not-expressible', message: string): undefined => {
    diagnostics.error(rule, `${name}: ${message}`, at);
    return undefined;
  };
  if (!isPlainMap(expect)) return refuse('wrong-type', 'expect: must be a map of input fields to guards.');
  if (countGuards(expect) > MAX_GUARDS) {
    return refuse('wrong-type', `expect: holds more than the ${MAX_GUARDS} guards one responder may carry.`);
  }
  const walk = (map: Record<string, unknown>, prefix: string): Guards | undefined => {
    const guards: Guards = {};
    for (const [key, value] of Object.entries(map)) {
      const path = `expect.${prefix}${key}`;
      if (Array.isArray(value)) {
        if (value.length === 0)
          return refuse('wrong-type', `${path}: an empty list of allowed values can never be satisfied.`);
        if (!value.every(isScalar))
          return refuse('wrong-type', `${path}: a list of allowed values holds text, numbers or booleans.`);
        guards[key] = value.map(String);
      } else if (isPlainMap(value)) {
        const inner = walk(value, `${prefix}${key}.`);
        if (!inner) return undefined;
        guards[key] = inner;
      } else if (isScalar(value)) {
        const text = String(value);
        if (REGEX_GUARD.test(text)) {
          return refuse(
            'mock-not-expressible',
            `${path}: ${text} is a /regex/ guard, which Claude Code checks in a regex dialect of its own; skill-eval's mocked server does not check it. Guard with a list of values or a type name.`,
          );
        }
        guards[key] = text;
      } else return refuse('wrong-type', `${path}: a guard is a type name, a value, a list of values or a map.`);
    }
    return guards;
  };
  return walk(expect, '');
}

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** Binary `function q`: the guards of a map, each list one. */
function countGuards(map: Record<string, unknown>): number {
  let count = 0;
  for (const value of Object.values(map)) count += isPlainMap(value) ? countGuards(value) : 1;
  return count;
}

/** How skill-eval's mocked server answers a call its guards refuse (packages/runner/mock-mcp-server.mjs). */
const REFUSED_CALL = "the model's call violates expect: ";

/**
 * The gate of a case whose mocks guard their input: a call that breaks a guard ends Claude Code's run, scored 0 with no
 * grader graded (`aborted`); skill-eval's server answers it as an error, and this gate — no such answer among the case's
 * MCP calls — fails the case before its checks, as a failed gate does.
 */
export function mockGuardGate(servers: readonly McpServerInput[]): Check | undefined {
  const guarded = servers.some((server) => server.mock?.tools?.some((tool) => tool.expect !== undefined));
  if (!guarded) return undefined;
  return { type: 'regex', name: 'mock guards held', over: 'mcp-calls', value: REFUSED_CALL, negate: true };
}

/** Whether `check` is the gate {@link mockGuardGate} makes: `convert` writes the guards, which imply it, not a grader. */
export const isMockGuardGate = (check: Check): boolean =>
  check.type === 'regex' && check.over === 'mcp-calls' && check.value === REFUSED_CALL && check.negate === true;
