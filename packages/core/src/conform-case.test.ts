import { describe, expect, it } from 'vitest';
import { CaseSchema } from './case.js';
import { conformCase } from './conform-case.js';

const base = { id: 'c1', name: 'c1', kind: 'task', turns: ['hi'], source: { file: '/e.yaml', format: 'x' } };

/** The same value, key order included, as zod's parse. */
const ordered = (value: unknown) => JSON.stringify(value);

describe('conformCase', () => {
  // Every test process sets SKILL_EVAL_CHECK_FAST_PATHS (vitest.shared.ts), so each call below is also held to the
  // parse inside conformCase; these assert it here too, and that the fast path is taken at all.
  const taken = [
    ['the least a case has', base],
    [
      'every common field, with checks that keep their extra keys in order',
      {
        ...base,
        rawId: 7,
        system: 'sys',
        reference: 'ref',
        checks: [
          { value: 'x', type: 'contains', extra: { deep: [1] }, weight: 2, ignored: undefined },
          { type: 'regex', negate: true, required: false, name: 'n', flags: 'i', value: '^a' },
        ],
        gates: [{ type: 'equals', value: 1 }],
        failIf: undefined,
        threshold: 0.5,
        verdictRule: 'mean-score',
        workspace: {
          files: [{ from: '/a', to: 'a', extra: 1 }],
          missingFiles: ['b'],
          inline: { 'x.txt': 'x' },
          setup: ['echo'],
          git: { init: true, remotes: [{ name: 'o', url: 'u' }] },
          project: { root: '/p' },
          unknown: 'dropped',
        },
        limits: { timeoutSeconds: 1.5, maxTurns: 3, other: 1 },
        runs: 2,
        retry: { max: 1 },
        tools: { allowed: ['Read'] },
        skills: [{ name: 's', dir: '/s', more: true }],
        mcpServers: [{ name: 'm', transport: 'stdio', command: 'c' }],
        environment: { type: 'docker', settings: { image: 'x' } },
        engine: 'e',
        model: 'm',
        judge: 'j',
        userSimulator: { scenario: 's', maxTurns: 3 },
        tags: ['t'],
        metadata: { a: { b: 1 }, 2: 'two' },
        source: { file: '/e.yaml', line: 3, column: 5, format: 'x', dialect: 'd', stray: 1 },
        stray: 'dropped',
      },
    ],
    [
      'a trigger case, and optional keys present but undefined',
      {
        ...base,
        kind: 'trigger',
        shouldTrigger: false,
        triggerThreshold: 1,
        triggerDetection: 'first-tool',
        expectedSkill: null,
        system: undefined,
        tools: undefined,
      },
    ],
  ] as const;
  it.each(taken)('reads %s as the parse does', (_, input) => {
    const fast = conformCase(input);
    expect(fast).toBeDefined();
    expect(ordered(fast)).toBe(ordered(CaseSchema.parse(input)));
    expect(Object.keys(fast!)).toEqual(Object.keys(CaseSchema.parse(input)));
  });

  it('gives each case its own defaults, as the parse does', () => {
    const a = conformCase(base)!;
    const b = conformCase(base)!;
    expect(a.checks).not.toBe(b.checks);
    expect(a.workspace).not.toBe(b.workspace);
    expect(a.workspace).toEqual(CaseSchema.parse(base).workspace);
  });

  const missed = [
    ['an empty id', { ...base, id: '' }],
    ['no turns', { ...base, turns: [] }],
    ['a turn that is no string', { ...base, turns: ['a', 1] }],
    ['a hole in the turns', { ...base, turns: new Array(2) }],
    ['an unknown kind', { ...base, kind: 'other' }],
    ['a threshold above 1', { ...base, threshold: 2 }],
    ['an infinite timeout', { ...base, limits: { timeoutSeconds: Number.POSITIVE_INFINITY } }],
    ['runs that are no integer', { ...base, runs: 1.5 }],
    ['a check without a type', { ...base, checks: [{ value: 'x' }] }],
    ['a negative weight', { ...base, checks: [{ type: 'contains', weight: -1 }] }],
    ['a bad MCP server', { ...base, mcpServers: [{ name: '', transport: 'stdio' }] }],
    ['a class instance', Object.assign(new (class Built {})(), base)],
    ['a check that is a class instance', { ...base, checks: [Object.assign(new (class C {})(), { type: 'x' })] }],
    ['metadata with a symbol key', { ...base, metadata: { [Symbol('s')]: 1 } }],
    ['no source', { ...base, source: undefined }],
    ['null', null],
  ] as const;
  it.each(missed)('leaves %s to the parse', (_, input) => {
    expect(conformCase(input)).toBeUndefined();
  });

  it('leaves to the parse what it is not sure of, even when the parse accepts it', () => {
    const withProto = JSON.parse('{"type":"contains","__proto__":{"x":1}}');
    const input = { ...base, checks: [withProto] };
    expect(CaseSchema.safeParse(input).success).toBe(true);
    expect(conformCase(input)).toBeUndefined();
  });
});
