import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CaseSchema } from './case.js';
import { readPlainCase } from './fast-case.js';

/** JSON that keeps what plain JSON loses: keys whose value is undefined, and the order of every key. */
const exact = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (v === undefined ? '<undefined>' : v));

/** Values that break one rule or another: every field is tried with each of them. */
const wild = fc.oneof(
  fc.constantFrom(undefined, null, '', 'x', 0, 1, -1, 0.5, 1.5, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY, true),
  fc.constantFrom([], [''], ['a', 1], {}, { a: 1 }, Object.create({ inherited: 1 }), new Date(0)),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 60, arbitrary: arb }, { weight: 1, arbitrary: wild });
/** A number field: mostly valid ones, sometimes one just outside (each field's own rule decides which). */
const num = (...valid: number[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...valid) },
    { weight: 1, arbitrary: fc.constantFrom(-1, -0.5, 0, 0.5, 1.5, 2 ** 53, Number.NaN, Number.NEGATIVE_INFINITY) },
  );
const good = {
  string: fc.string(),
  check: fc.record(
    {
      type: maybe(fc.constantFrom('contains', 'regex', 'llm-rubric', '')),
      name: maybe(fc.string()),
      weight: maybe(num(0, 1, 2.5)),
      required: maybe(fc.boolean()),
      negate: maybe(fc.boolean()),
      value: fc.oneof(fc.string(), wild),
      flags: fc.oneof(fc.string(), wild),
      threshold: fc.oneof(fc.double(), wild),
    },
    { requiredKeys: ['type'] },
  ),
};
const caseInput = fc.record(
  {
    id: maybe(fc.constantFrom('case-1', 'x')),
    rawId: fc.oneof(fc.integer(), fc.string(), wild),
    name: maybe(good.string),
    kind: maybe(fc.constantFrom('task', 'trigger')),
    turns: maybe(fc.array(good.string, { minLength: 1, maxLength: 3 })),
    system: maybe(good.string),
    reference: maybe(good.string),
    shouldTrigger: maybe(fc.boolean()),
    triggerThreshold: maybe(num(0, 0.5, 1)),
    triggerDetection: maybe(fc.constantFrom('any-tool', 'first-tool')),
    gates: maybe(fc.array(maybe(good.check), { maxLength: 2 })),
    checks: maybe(fc.array(maybe(good.check), { maxLength: 3 })),
    failIf: maybe(fc.array(maybe(good.check), { maxLength: 2 })),
    threshold: maybe(num(0, 0.7, 1)),
    workspace: maybe(
      fc.record(
        {
          files: maybe(fc.array(maybe(fc.record({ from: maybe(good.string), to: maybe(good.string), mode: wild })))),
          missingFiles: maybe(fc.array(maybe(good.string), { maxLength: 2 })),
          overlays: maybe(fc.array(maybe(good.string), { maxLength: 2 })),
          inline: maybe(fc.dictionary(fc.string(), maybe(good.string), { maxKeys: 2 })),
          setup: maybe(fc.array(maybe(good.string), { maxLength: 2 })),
          teardown: maybe(fc.array(good.string, { maxLength: 2 })),
          artifacts: maybe(fc.array(good.string, { maxLength: 2 })),
          git: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, fc.record({ init: fc.boolean() })),
          other: wild,
        },
        { requiredKeys: [] },
      ),
    ),
    limits: maybe(
      fc.record(
        { timeoutSeconds: maybe(num(1, 300, 0.5)), maxTurns: maybe(num(1, 10)), x: wild },
        { requiredKeys: [] },
      ),
    ),
    runs: maybe(num(1, 3)),
    retry: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, fc.record({ max: fc.constantFrom(1, 2) })),
    skills: maybe(fc.array(maybe(fc.record({ name: maybe(good.string), dir: maybe(good.string), x: wild })))),
    mcpServers: maybe(fc.constantFrom([], [], [], [{ name: 'm', transport: 'stdio', command: 'x' }])),
    engine: maybe(good.string),
    judge: maybe(good.string),
    tags: maybe(fc.array(maybe(good.string), { maxLength: 2 })),
    metadata: maybe(fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 })),
    source: maybe(
      fc.record(
        {
          file: maybe(good.string),
          line: maybe(num(1, 12)),
          column: maybe(num(1, 3)),
          format: maybe(fc.constantFrom('agentv', 'evals-json')),
          dialect: maybe(good.string),
          extra: wild,
        },
        { requiredKeys: ['file', 'format'] },
      ),
    ),
    unknownField: wild,
  },
  { requiredKeys: ['id', 'name', 'kind', 'turns', 'source'] },
);

describe('readPlainCase', () => {
  it('returns what CaseSchema.parse returns — values, keys, key order — or nothing', () => {
    let read = 0;
    fc.assert(
      fc.property(caseInput, (input) => {
        const fast = readPlainCase(input);
        const schema = CaseSchema.safeParse(input);
        if (fast === undefined) return;
        read++;
        expect(schema.success).toBe(true);
        expect(exact(fast)).toBe(exact(schema.data));
        expect(fast).toStrictEqual(schema.data);
      }),
      { numRuns: 3000 },
    );
    // The generator reaches the fast path often enough for the comparison to mean something.
    expect(read).toBeGreaterThan(100);
  });

  it('reads a case as a format builds it, and leaves what it does not know to the schema', () => {
    const built = {
      id: 'case-1',
      name: 'case-1',
      kind: 'task',
      turns: ['say hi'],
      checks: [{ type: 'contains', value: 'hi', flags: 'i' }],
      source: { file: '/evals/EVAL.yaml', line: 3, column: 5, format: 'agentv' },
    };
    expect(readPlainCase(built)).toStrictEqual(CaseSchema.parse(built));
    expect(readPlainCase({ ...built, retry: { max: 2 } })).toBeUndefined();
    expect(readPlainCase({ ...built, turns: [] })).toBeUndefined();
    expect(readPlainCase({ ...built, checks: [Object.assign(Object.create({ x: 1 }), { type: 'contains' })] })).toBe(
      undefined,
    );
  });
});
