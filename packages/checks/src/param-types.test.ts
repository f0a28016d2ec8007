import { describe, expect, it } from 'vitest';
import { CHECK_ALIASES } from './alias-checks.js';
import { CHECK_CATALOGUE } from './catalogue.js';
import { checkProblems } from './check-problems.js';
import { COMMON_PARAMS } from './common-params.js';
import { builtParamSchemas, eagerSchema } from './param-types.js';

/** Values of every shape a file can give a parameter. */
const SAMPLES: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'fast',
  '5000',
  '0.5',
  'a, "b, c"',
  'a, "b',
  0,
  -1,
  0.5,
  1,
  3,
  2.5,
  Number.NaN,
  true,
  false,
  [],
  ['a'],
  ['a', 2],
  [''],
  {},
  { a: 1 },
];

const everyParam = () =>
  [
    ...Object.entries({ ...CHECK_CATALOGUE, ...CHECK_ALIASES }).flatMap(([type, spec]) =>
      Object.entries(spec.params).map(([key, param]) => ({ where: `${type}.${key}`, param })),
    ),
    ...Object.entries(COMMON_PARAMS).map(([key, param]) => ({ where: key, param })),
  ] as const;

describe('parameter schemas', () => {
  it('are not built when the catalogue loads, and only the ones a check uses are built when it is read', () => {
    // Nothing above has read a value yet (the catalogue and its readers are imported).
    expect(builtParamSchemas()).toBe(0);
    expect(checkProblems({ type: 'contains', value: 'x' })).toEqual([]);
    expect(builtParamSchemas()).toBe(2); // contains' value and the common type
  });

  it('give every value the verdict of the same schema built at once, as the catalogue built them at import', () => {
    const params = everyParam();
    expect(params.length).toBeGreaterThan(200);
    for (const { where, param } of params) {
      const eager = eagerSchema(param);
      for (const value of SAMPLES) {
        expect(param.safeParse(value).success, `${where} of ${JSON.stringify(value)}`).toBe(
          eager.safeParse(value).success,
        );
      }
      expect(eager.description).toBe(param.description);
    }
  });

  it("end a wrong value's message with what to write, as before", () => {
    expect(checkProblems({ type: 'latency', threshold: 'fast' })).toEqual([
      expect.objectContaining({
        severity: 'error',
        ruleId: 'invalid-check',
        path: ['threshold'],
        message: `"threshold" of latency is the text "fast"; write ${CHECK_CATALOGUE.latency!.params.threshold!.description}`,
      }),
    ]);
  });
});
