import { at, isRecord, type ReadContext } from './context.js';
import { isTestMessage } from './render-vars.js';
import type { DocPath } from './source.js';
import type { SuiteDefaults } from './suite-defaults.js';

/** A non-empty string, else undefined (AgentV's `asString` value, taken as a condition). */
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Whether `expected_output` gives AgentV expected messages: its `expandExpectedOutputShorthand` (shorthand-expansion.ts,
 * the same at 4.42.4 and 5) makes one of any string, list or object, except a message list or message none of whose
 * entries is a message.
 */
function hasExpectedMessages(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return true;
  if (Array.isArray(value))
    return !(value.length > 0 && isRecord(value[0]) && 'role' in value[0]) || value.some(isTestMessage);
  if (isRecord(value)) return !('role' in value) || isTestMessage(value);
  return false;
}

/**
 * AgentV 5's graders a test inherits, unless its `execution.skip_defaults`: `combineInheritedAssertions` of
 * `default_test.assert` and the suite's `assert` (yaml-parser.ts at 58f316ca2), which counts a list's entries.
 */
function inheritsGraders(test: Record<string, unknown>, defaults: SuiteDefaults): boolean {
  if (isRecord(test.execution) && test.execution.skip_defaults === true) return false;
  const inherited = [defaults.defaultTest?.value.assert, ...defaults.suiteAssert.map((a) => a.value)];
  return inherited.some((value) => value !== undefined && (!Array.isArray(value) || value.length > 0));
}

/**
 * Whether AgentV grades the test at all. Its loader skips a test with nothing to grade it by — "Skipping incomplete
 * test … Missing required fields: id, input, and at least one of criteria/expected_output/assert…" — which is a test
 * with no criteria (nor the older `expected_outcome`), no expected output, no `assert` key (4.42.4: nor
 * `assertions`), no turns and, in AgentV 5, no graders inherited from `default_test` or the suite (@agentv/core 4.42.4
 * dist/index.cjs:29339-29359; AgentV 5 yaml-parser.ts at 58f316ca2, its bundle in packages/differential/vendor/agentv-5
 * load-tests.mjs:43089-43180). Such a test is skipped here too, with a warning saying so.
 */
export function gradedByAgentv(
  test: Record<string, unknown>,
  path: DocPath,
  defaults: SuiteDefaults,
  ctx: ReadContext,
): boolean {
  const outcome =
    text(test.criteria) ?? (test.expected_outcome !== undefined ? text(test.expected_outcome) : undefined);
  const ownGraders = test.assert !== undefined || (ctx.dialect === 'agentv-4' && test.assertions !== undefined);
  const turns = Array.isArray(test.turns) && test.turns.length > 0;
  if (outcome || hasExpectedMessages(test.expected_output) || ownGraders || turns) return true;
  if (ctx.dialect === 'agentv-5' && inheritsGraders(test, defaults)) return true;
  const version = ctx.dialect === 'agentv-4' ? '4' : '5';
  ctx.source.sink.warning(
    'dropped-by-agentv',
    `AgentV ${version} skips this test: it has no assert, criteria, expected_output or turns ("Skipping incomplete test … Missing required fields: …, and at least one of criteria/expected_output/assert…"), and so does skill-eval. Add assert: with what the answer must show.`,
    at(path),
  );
  return false;
}
