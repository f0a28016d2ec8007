import { type Check, normalizeCheck, type ToolCall } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { runCheck } from './run-check.js';

const call = (name: string, input: unknown = {}): ToolCall => ({ id: name, name, input, isError: false });

// Read, Bash, Edit, Read, then an MCP call recorded under Claude Code's raw name.
const calls = [
  call('Read', { file_path: 'a.txt' }),
  call('Bash', { command: 'ls' }),
  call('Edit', { file_path: 'a.txt', old_string: 'x', new_string: 'y' }),
  call('Read', { file_path: 'b.txt' }),
  call('mcp__pm__create_plan', { name: 'Q1' }),
];

const grade = (check: Check, toolCalls = calls) =>
  runCheck(normalizeCheck(check), 'check', {
    testCase: makeCase(),
    session: makeSession({ toolCalls }),
    workspace: '/nonexistent',
  });

const trajectory = (tools: unknown, more: Record<string, unknown> = {}): Check => ({
  type: 'tool-trajectory',
  tools,
  ...more,
});

describe('tool-trajectory', () => {
  it.each<[string, Check, boolean, number, string]>([
    // in-order (default): a subsequence
    ['in-order subsequence', trajectory(['Read', 'Edit']), true, 1, 'in-order ["Read", "Edit"] held'],
    ['in-order with gaps and repeats', trajectory(['Read', 'Read']), true, 1, 'calls: Read, Bash, Edit, Read'],
    ['in-order broken', trajectory(['Read', 'Write', 'Edit']), false, 1 / 3, 'expected "Write" after "Read" (step 2)'],
    ['in-order wrong order', trajectory(['Edit', 'Bash']), false, 0.5, 'expected "Bash" after "Edit" (step 2)'],
    ['in-order first missing', trajectory(['Write']), false, 0, 'expected "Write" (step 1); calls: Read, Bash'],
    ['underscore mode', trajectory(['Bash', 'Read'], { mode: 'in_order' }), true, 1, 'held'],
    ['value list', { type: 'tool-trajectory', value: ['Bash', 'Edit'] }, true, 1, 'held'],
    [
      'in-order args partial',
      trajectory([{ tool: 'Read' }, { tool: 'Read', args: { file_path: 'b.txt' } }]),
      true,
      1,
      'held',
    ],
    [
      'in-order args mismatch',
      trajectory([{ tool: 'Edit', args: { file_path: 'c.txt' } }]),
      false,
      0,
      '"Edit" was called with {"file_path":"a.txt"',
    ],
    ['MCP name', trajectory(['Read', 'pm::create_plan']), true, 1, 'held'],
    // exact
    ['exact', trajectory(['Read', 'Bash', 'Edit', 'Read', 'pm::create_plan'], { mode: 'exact' }), true, 1, 'held'],
    [
      'exact extra call',
      trajectory(['Read', 'Bash', 'Edit', 'Read'], { mode: 'exact' }),
      false,
      0.8,
      'unexpected "mcp__pm__create_plan" after the 4 expected calls',
    ],
    [
      'exact wrong step',
      trajectory(['Read', 'Edit'], { mode: 'exact' }),
      false,
      0.2,
      'expected "Edit" at step 2, got "Bash"',
    ],
    [
      'exact args exact',
      trajectory(
        [
          { tool: 'Read', args: { file_path: 'a.txt' }, args_match: 'exact' },
          'Bash',
          'Edit',
          'Read',
          'pm::create_plan',
        ],
        { mode: 'exact' },
      ),
      true,
      1,
      'held',
    ],
    [
      'exact args exact mismatch',
      trajectory([{ tool: 'Edit', args: { file_path: 'a.txt' }, args_match: 'exact' }], { mode: 'exact' }),
      false,
      0,
      'expected "Edit" with exactly {"file_path":"a.txt"} at step 1, got "Read"',
    ],
    // any-order counts multiplicity
    ['any-order', trajectory(['Edit', 'Read', 'Read'], { mode: 'any_order' }), true, 1, 'any-order'],
    [
      'any-order too few',
      trajectory(['Read', 'Read', 'Read'], { mode: 'any-order' }),
      false,
      2 / 3,
      'no call left for "Read" (step 3)',
    ],
    [
      'any-order args cannot steal',
      trajectory(['Read', { tool: 'Read', args: { file_path: 'a.txt' } }], { mode: 'any-order' }),
      true,
      1,
      'held',
    ],
    // superset: names only
    ['superset', trajectory(['Read', 'Read', 'Read', 'Edit'], { mode: 'superset' }), true, 1, 'superset'],
    [
      'superset missing',
      trajectory(['Read', 'Write'], { mode: 'superset' }),
      false,
      0.5,
      'never called "Write" (step 2)',
    ],
    // subset: every call is listed
    ['subset', trajectory(['Read', 'Bash', 'Edit', 'pm::create_plan', 'Write'], { mode: 'subset' }), true, 1, 'held'],
    [
      'subset outside',
      trajectory(['Read', 'Edit'], { mode: 'subset' }),
      false,
      0.6,
      'not among the expected tools: "Bash" (call 2), "mcp__pm__create_plan" (call 5)',
    ],
    // minimums
    [
      'minimums',
      { type: 'tool-trajectory', mode: 'any_order', minimums: { Read: 2, Edit: 1 } },
      true,
      1,
      'minimums {"Read":2,"Edit":1} held',
    ],
    [
      'minimums short',
      { type: 'tool-trajectory', minimums: { Read: 3, Edit: 1 } },
      false,
      0.5,
      '"Read" called 2 of at least 3 times',
    ],
    [
      'steps and minimums',
      trajectory(['Read'], { minimums: { Write: 1 } }),
      false,
      0.5,
      '"Write" called 0 of at least 1 times',
    ],
    // AgentV: names under tools, objects under expected — expected wins
    [
      'AgentV expected objects',
      trajectory(['Read', 'Edit'], { expected: [{ tool: 'Read' }, { tool: 'Edit', args: { new_string: 'z' } }] }),
      false,
      0.5,
      'expected "Edit" with {"new_string":"z"} after "Read" (step 2)',
    ],
    ['args any', trajectory([{ tool: 'Bash', args: 'any' }]), true, 1, 'held'],
    // negation is applied to the whole verdict
    ['negated', { type: 'not-tool-trajectory', tools: ['Write'] }, true, 1, 'expected "Write"'],
  ])('%s', async (_, check, passed, score, evidence) => {
    const { verdict, error } = await grade(check);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.score).toBeCloseTo(score);
    expect(verdict.evidence).toContain(evidence);
  });

  it.each<[string, Check, ToolCall[], boolean, string]>([
    ['exact with no calls expected and none made', trajectory([], { mode: 'exact' }), [], true, 'calls: none'],
    [
      'exact with no calls expected, one made',
      trajectory([], { mode: 'exact' }),
      [call('Bash')],
      false,
      'unexpected "Bash"',
    ],
    [
      'exact runs out of calls',
      trajectory(['Read', 'Bash'], { mode: 'exact' }),
      [call('Read')],
      false,
      'expected "Bash" (step 2) but the calls ended',
    ],
    ['subset with no calls', trajectory(['Read'], { mode: 'subset' }), [], true, 'calls: none'],
  ])('%s', async (_, check, toolCalls, passed, evidence) => {
    const { verdict, error } = await grade(check, toolCalls);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.evidence).toContain(evidence);
  });

  it('lists a long call sequence shortened', async () => {
    const many = Array.from({ length: 45 }, (_, i) => call(`T${i}`));
    const { verdict } = await grade(trajectory(['T0']), many);
    expect(verdict.evidence).toContain('T39, … (5 more)');
    expect(verdict.evidence).not.toContain('T40');
  });

  it.each<[Check, string]>([
    [{ type: 'tool-trajectory' }, 'lists no expected tools and no minimums'],
    [trajectory([]), 'lists no expected tools and no minimums'],
    [trajectory('Read', { mode: 'sideways' }), 'has mode "sideways"'],
    [trajectory({ Read: 1 }), 'needs a list of tool names'],
    [trajectory([42]), 'expected entry 1 that is neither a tool name'],
    [trajectory([{ args: { a: 1 } }]), 'expected entry 1 without a tool name'],
    [trajectory([{ tool: 'Read', args: ['a'] }]), 'args on "Read" that are not an object'],
    [trajectory([{ tool: 'Read', args_match: 'fuzzy' }]), 'has args_match "fuzzy"'],
    [{ type: 'tool-trajectory', minimums: { Read: -1 } }, 'has minimum -1 for "Read"'],
    [{ type: 'tool-trajectory', minimums: ['Read'] }, 'minimums that are not a map'],
    [
      { type: 'tool-trajectory', expected: [{ tool: 'Read', max_duration_ms: 500 }] },
      'sets max_duration_ms on "Read", which cannot be checked: the session records no per-call timing',
    ],
  ])('%j is errored', async (check, message) => {
    const { verdict, error } = await grade(check);
    expect(verdict.errored).toBe(true);
    expect(verdict.passed).toBe(false);
    expect(error?.code).toBe('BAD_INPUT');
    expect(error?.message).toContain(message);
  });
});

/**
 * An AgentV file's tool-trajectory (`agentv: true`, set by the AgentV vocabulary) as AgentV 4.42.4's
 * `ToolTrajectoryGrader` grades it (@agentv/core dist/chunk-FRDEARJA.js:4647-5040).
 */
describe("tool-trajectory in an AgentV file, as AgentV's grader reads it", () => {
  const agentv = (more: Record<string, unknown>): Check => ({ type: 'tool-trajectory', agentv: true, ...more });
  it.each<[string, Check, ToolCall[], number]>([
    // any_order reads minimums alone (:4724): the expected list counts for nothing.
    [
      'any_order ignores expected',
      agentv({ mode: 'any_order', minimums: { Read: 2 }, expected: [{ tool: 'Write' }] }),
      calls,
      1,
    ],
    ['any_order without minimums passes', agentv({ mode: 'any_order', minimums: {} }), [], 1],
    // Every other mode reads expected alone; an empty list passes (:4762, :4848, :4935).
    [
      'in_order ignores minimums',
      agentv({ mode: 'in_order', expected: [{ tool: 'Read' }], minimums: { Write: 1 } }),
      calls,
      1,
    ],
    ['in_order with nothing expected passes', agentv({ mode: 'in_order', expected: [] }), calls, 1],
    ['exact with nothing expected passes', agentv({ mode: 'exact', expected: [] }), calls, 1],
    // subset with nothing allowed passes only a run that called nothing (:4984-5002).
    ['subset with nothing allowed, no calls', agentv({ mode: 'subset', expected: [] }), [], 1],
    ['subset with nothing allowed, a call', agentv({ mode: 'subset', expected: [] }), calls, 0],
    ['subset of no calls', agentv({ mode: 'subset', expected: [{ tool: 'Read' }] }), [], 1],
    // superset: each expected step takes a call of its own (:4941-4957).
    [
      'superset needs a call per step',
      agentv({ mode: 'superset', expected: [{ tool: 'Bash' }, { tool: 'Bash' }] }),
      calls,
      0.5,
    ],
  ])('%s', async (_name, check, toolCalls, score) => {
    expect((await grade(check, toolCalls)).verdict.score).toBe(score);
  });
});

describe('args_match: superset (AgentV 4 argsMatch, @agentv/core 4.42.4 dist/chunk-FRDEARJA.js:4600-4605)', () => {
  const edit = { file_path: 'a.txt', old_string: 'x', new_string: 'y' };
  const step = (args: Record<string, unknown>) => trajectory([{ tool: 'Edit', args, args_match: 'superset' }]);
  it.each<[string, Record<string, unknown>, unknown, boolean]>([
    ['a call with more arguments than listed', { file_path: 'a.txt' }, edit, true],
    ['a listed argument missing', { file_path: 'a.txt', replace_all: true }, edit, false],
    ['a listed value differing', { file_path: 'b.txt' }, edit, false],
    // Each listed value compares whole, not partially as args_match: partial compares it.
    ['a nested value with more in it', { opts: { mode: 'w' } }, { opts: { mode: 'w', sync: true } }, false],
    ['a nested value alike', { opts: { mode: 'w' } }, { opts: { mode: 'w' }, extra: 1 }, true],
    ['a number written as text', { n: '5' }, { n: 5 }, false],
  ])('%s', async (_name, args, input, passed) => {
    const { verdict } = await grade(step(args), [call('Edit', input)]);
    expect(verdict.passed).toBe(passed);
  });
});
