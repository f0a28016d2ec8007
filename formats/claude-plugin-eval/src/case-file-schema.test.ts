import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { CONTEXT_KEYS, EXECUTION_KEYS, TOP_KEYS } from './build-case.js';
import { CaseFileSchema, GraderSchema, MockResponderSchema, PromptFrontMatterSchema } from './case-file-schema.js';
import { COMMON, FIELDS } from './grader-checks.js';
import { PROSE_EXECUTION_KEYS, PROSE_TOP_KEYS } from './read-case-files.js';
import { RESPONDER_KEYS } from './read-mocks.js';

const keysOf = (schema: z.ZodType): string[] => {
  const def = (schema as unknown as { _zod: { def: { type: string; innerType?: z.ZodType; shape?: object } } })._zod
    .def;
  return def.type === 'optional' ? keysOf(def.innerType!) : Object.keys(def.shape ?? {}).sort();
};
const sorted = (keys: readonly string[]) => [...keys].sort();

// The schemas declare the keys the policy table classifies; the reader's own key lists decide what is read. They must
// name the same keys, or a key the reader takes would escape the policy test.
describe('the declared shapes of a claude plugin eval case', () => {
  it('name the keys the reader reads in case.yaml', () => {
    const shape = (CaseFileSchema as unknown as { shape: Record<string, z.ZodType> }).shape;
    expect(keysOf(CaseFileSchema)).toEqual(sorted(TOP_KEYS));
    expect(keysOf(shape.context!)).toEqual(sorted(CONTEXT_KEYS));
    expect(keysOf(shape.execution!)).toEqual(sorted(EXECUTION_KEYS));
  });

  it('name the keys the reader takes from prompt.md front matter', () => {
    expect(keysOf(PromptFrontMatterSchema)).toEqual(sorted([...PROSE_TOP_KEYS, ...PROSE_EXECUTION_KEYS]));
  });

  it('name the keys the reader takes from a mock responder', () => {
    expect(keysOf(MockResponderSchema)).toEqual(sorted(RESPONDER_KEYS));
  });

  it('name every grader kind and its fields', () => {
    const options = (GraderSchema as unknown as { options: z.ZodType[] }).options;
    const declared = Object.fromEntries(
      options.map((option) => {
        const keys = keysOf(option);
        const type = (option as unknown as { shape: { type: { value: string } } }).shape.type.value;
        return [type, keys];
      }),
    );
    expect(declared).toEqual(
      Object.fromEntries(Object.entries(FIELDS).map(([type, fields]) => [type, sorted([...COMMON, ...fields])])),
    );
  });
});
