import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { lazySchema } from './lazy-schema.js';
import { CheckVerdictSchema } from './result.js';

/** A lazy schema of an object with one string, and how many times it was built. */
function counted() {
  let builds = 0;
  const schema = lazySchema(() => {
    builds++;
    return z.object({ name: z.string(), size: z.number().default(0) });
  });
  return { schema, builds: () => builds };
}

describe('lazySchema', () => {
  it('builds nothing until the schema is used, then once', () => {
    const { schema, builds } = counted();
    expect(builds()).toBe(0);
    expect(schema.parse({ name: 'a' })).toEqual({ name: 'a', size: 0 });
    expect(schema.safeParse({ name: 1 }).success).toBe(false);
    expect(Object.keys(schema.shape)).toEqual(['name', 'size']);
    expect(builds()).toBe(1);
  });

  it('stands for the schema it builds: instanceof, derived schemas, and inside other schemas', () => {
    const { schema } = counted();
    expect(schema).toBeInstanceOf(z.ZodObject);
    expect(Object.getPrototypeOf(schema)).toBe(Object.getPrototypeOf(z.object({})));
    expect(schema.extend({ extra: z.boolean() }).parse({ name: 'a', extra: true })).toEqual({
      name: 'a',
      size: 0,
      extra: true,
    });
    expect(schema.omit({ size: true }).parse({ name: 'a', size: 3 })).toEqual({ name: 'a' });
    const list = z.object({ items: z.array(schema), first: schema.optional() });
    expect(list.parse({ items: [{ name: 'x' }], first: { name: 'y', size: 2 } })).toEqual({
      items: [{ name: 'x', size: 0 }],
      first: { name: 'y', size: 2 },
    });
    expect(list.safeParse({ items: [{}] }).error?.issues[0]?.path).toEqual(['items', 0, 'name']);
  });

  it('gives the JSON Schema the schema it builds gives, inside another schema too', () => {
    const plain = z.object({ name: z.string(), size: z.number().default(0) });
    const { schema } = counted();
    const json = (s: z.ZodType) => z.toJSONSchema(s, { target: 'draft-2020-12', io: 'input' });
    expect(json(schema)).toEqual(json(plain));
    expect(json(z.object({ inner: schema }))).toEqual(json(z.object({ inner: plain })));
  });

  it('holds a recursive schema: a check group’s verdicts are verdicts', () => {
    const verdict = { type: 'contains', name: 'c', weight: 1, passed: true, score: 1, evidence: '' };
    const group = { ...verdict, type: 'assert-set', checks: [verdict, { ...verdict, checks: [verdict] }] };
    expect(CheckVerdictSchema.parse(group).checks?.[1]?.checks?.[0]?.type).toBe('contains');
    expect(CheckVerdictSchema.safeParse({ ...group, checks: [{ type: 'x' }] }).success).toBe(false);
  });
});
